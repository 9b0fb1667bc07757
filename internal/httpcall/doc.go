// Package httpcall is the outbound HTTP core of Intake's provider adapters:
// the messaging platform, the CRM and the ERP. It sends bearer-token JSON
// requests under a base URL, paces them with a token bucket per account,
// waits out HTTP 429 within bounds, and classifies every outcome into the
// spec's adapter error kinds. Config is the part of each adapter's
// configuration it runs on; the adapters embed it.
//
// Classification (the spec leaves the policy to the adapter):
//
//   - 2xx: success. A 2xx whose body could not be read is uncertain: the
//     provider acted, but what it answered (an ID) was lost.
//   - transient: 429 once the bounded retries are spent, 408, 5xx, and 401/403
//     (a revoked or rotated token is the account's problem, not the record's;
//     blocking every record for it would need each one unblocked by hand), and
//     a transport failure before the request was fully written.
//   - permanent: every other status (400, 404, 409, 422, ...): the same
//     request would fail again. Callers read Response.Status to treat 409
//     conflicts themselves, and an adapter whose provider says more in its
//     error bodies (the messaging platform's codes) classifies answers itself
//     from Status and Body.
//   - uncertain: the request was written but no answer came back (timeout,
//     reset): the provider may have acted. httptrace's WroteRequest tells
//     this from a failure before the write.
//
// Details name the adapter, the method, the path and the provider's message;
// never the access token, the query string (it may hold a customer's
// document) or the request body.
//
// Every detail passes through internal/redact.
//
// It imports internal/outbound, internal/pacing, internal/redact and persistence (for the
// error kinds) only.
package httpcall
