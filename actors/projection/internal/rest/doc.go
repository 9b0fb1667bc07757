// Package rest is the HTTP core shared by the CRM and ERP clients of
// actors/projection: bearer-token JSON requests under a base URL, a token
// bucket per account, bounded waits on HTTP 429, and the classification of
// every outcome into the spec's adapter error kinds.
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
//     conflicts themselves.
//   - uncertain: the request was written but no answer came back (timeout,
//     reset): the provider may have acted.
//
// Details name the method, the path and the provider's message; never the
// access token, the query string (it may hold a customer's document) or the
// request body.
//
// It is internal to actors/projection and imports persistence only.
package rest
