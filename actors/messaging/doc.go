// Package messaging is Intake's adapter to the business messaging platform: it
// turns the platform's webhook envelopes (and the emulator's internal payload)
// into inbound messages, and it sends the bot's replies through the platform's
// Cloud API with pacing and a failure classification.
//
// # Inbound
//
// [Parser.ParseEnvelope] walks every entry and every change of a webhook
// envelope. Each customer message becomes an [InboundMessage]: the sender is
// normalized to "+digits" ([NormalizeSender]), the platform message ID is kept,
// a missing or invalid timestamp becomes the current UTC time, media become
// their caption or "[type]" (unknown types count as document) and no binary is
// downloaded. Delivery statuses (sent, delivered, read, failed) are returned
// apart so the webhook handler can record them on the outbound message log; a
// statuses-only callback yields no message. A message that cannot become a turn
// (a sender without digits, no ID, an empty text, a malformed object) is reported in
// [Batch.Rejected] while the others in the same envelope are still returned.
// [Parser.ParseInternal] validates the internal route's payload, assigning a
// UUID when provider_message_id is absent and the default instance (the first
// configured one) when instance is absent.
//
// # Outbound
//
// [Sender] is what the messaging actor calls: Send for a text reply, MarkRead
// to mark a customer message read with the typing indicator. [Client] speaks
// the Cloud API; [Stub] records calls locally when MESSAGING_CLOUD_ENABLED=false. Both return
// the spec's persistence.StubResponse for every outcome; the error result is
// non-nil only when the caller is at fault (invalid arguments, see
// [ErrInvalidRecipient], [ErrEmptyText], [ErrTextTooLong]) or its context ended
// (or its deadline leaves no room for a pacing wait), and even then the response
// is filled in, so code that only reads the response stays correct.
//
// Failure policy (the spec leaves it to the adapter). The error kind tells the
// caller whether retrying can help:
//
//   - transient: retrying later may succeed and the platform did not accept the
//     message. HTTP 429, 408 and 5xx; the platform's rate-limit and availability
//     codes (4, 80007, 130429, 131016, 131056, 133004) whatever the HTTP status;
//     a transport failure before the request was fully written (DNS, connection
//     refused, TLS handshake); the caller's context ending before the request
//     was written; a recipient paused by the pair rate limit when the caller
//     cannot wait for the pause to end.
//   - permanent: the same request will fail again. Every other 4xx, such as
//     131047 (outside the 24-hour customer service window), 131026 (recipient
//     cannot receive), 100 (invalid parameter), 190 (expired token); invalid
//     arguments rejected before any request.
//   - uncertain: the request was written but no answer came back (timeout,
//     connection reset, the caller's context ending mid-flight). The platform
//     may have delivered the message, so a blind retry may duplicate it; the
//     caller decides, e.g. by waiting for a delivery status of the message.
//
// A 2xx answer is success even when its body holds no message ID (mock_id is
// then null). Details never hold the access token or the message text.
//
// Pacing. A [Client] sends at most ClientConfig.MaxRPS messages per second for
// its sender number (MESSAGING_MAX_RPS, default 80) through a token bucket with
// a burst of one, so sends are evenly spaced and no one-second window holds
// more than MaxRPS of them; waiting honours the caller's context. Mark-read
// calls are not messages: they have a bucket of their own at the same rate and
// take nothing from the send budget. After error 131056
// (pair rate limit) the recipient is paused for a delay that doubles with each
// consecutive 131056 (PairBackoffBase up to PairBackoffMax) and is forgotten on
// the next success. A send to a paused recipient waits for the pause to end when
// the caller's context allows it, and fails transient at once otherwise, so the
// caller never sleeps into a deadline it cannot meet.
//
// Of Intake's packages it imports persistence only; never http, runtime or
// emulator.
package messaging
