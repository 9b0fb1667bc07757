// Package cloudapi is the messaging adapter for the Meta Cloud API: it parses
// the platform's webhook envelopes into messaging's neutral types and sends
// the bot's replies through the platform's /{version}/{phone_number_id}/messages
// endpoint, with pacing and a failure classification.
//
// # Inbound
//
// [Parser.ParseEnvelope] walks every entry and every change of a webhook
// envelope. Each customer message becomes a messaging.InboundMessage: the
// sender is normalized to "+digits", the platform message ID is kept, a
// missing or invalid timestamp, or one more than a minute ahead of our clock,
// becomes the current UTC time, media become
// their caption or "[type]" (unknown types count as document) and no binary
// is downloaded: the media object (ID, MIME type, SHA-256, a document's file
// name, the caption, whether an audio is a voice note) is kept as
// InboundMessage.Media for later (inmedia.go). The customer's taps and shares (reply buttons, list items,
// template buttons, locations, contact cards) become the words they stand
// for (kinds.go). Delivery statuses (sent, delivered, read, failed) and
// reactions are returned apart so the webhook handler can record them on
// the message log; a statuses-only callback yields no message. A message that
// cannot become a turn (a sender without digits, no ID, an empty text, a
// malformed object) is reported in Batch.Rejected while the others in the
// same envelope are still returned; so is every item of a change addressed
// to another business number than WebhookConfig.PhoneNumberID (number.go).
//
// # Outbound
//
// [Client] implements messaging.Sender over internal/httpcall, the outbound
// HTTP core it shares with the CRM and the ERP. Failure policy (the spec
// leaves it to the adapter):
//
//   - transient: HTTP 429, 408 and 5xx; the platform's rate-limit and
//     availability codes (4, 80007, 130429, 131016, 131056, 133004) whatever
//     the HTTP status; a transport failure before the request was fully
//     written (DNS, connection refused, TLS handshake); the caller's context
//     ending before the request was written; a recipient paused by the pair
//     rate limit when the caller cannot wait for the pause to end.
//   - permanent: every other 4xx, such as 131047 (outside the 24-hour
//     customer service window), 131026 (recipient cannot receive), 100
//     (invalid parameter), 190 (expired token); invalid arguments rejected
//     before any request.
//   - uncertain: the request was written but no answer came back (timeout,
//     connection reset, the caller's context ending mid-flight). The platform
//     may have delivered the message, so a blind retry may duplicate it.
//
// A 2xx answer is success even when its body holds no message ID (mock_id is
// then null). Details never hold the access token or the message text.
//
// Pacing. A [Client] sends at most MaxRPS messages per second for its sender
// number (MESSAGING_MAX_RPS, default 80) through a token bucket with a burst
// of one, so sends are evenly spaced and no one-second window holds more than
// MaxRPS of them; waiting honours the caller's context. Mark-read calls are
// not messages: they have a bucket of their own at the same rate. After error
// 131056 (pair rate limit) the recipient is paused (messaging.RecipientPauses)
// for a delay that doubles with each consecutive 131056 (PairBackoffBase up to
// PairBackoffMax) and is forgotten on the next success.
//
// # Media
//
// [MediaClient] implements messaging.MediaSource: GET /{version}/{media-id}
// with the bearer token answers the file's short-lived URL, type, size and
// digest; a second GET of that URL, with the token too, returns the bytes.
// A file over MediaConfig.MaxBytes (MEDIA_MAX_BYTES, 16 MiB) is refused
// before it is read when its size is announced, and stops at the limit when
// not; MediaConfig.Timeout bounds the whole fetch. Errors never hold the
// token nor the signed URL.
//
// # Webhook
//
// [Webhook] is what http/webhook calls for this platform: [Parser] for the
// bodies, [Webhook.Authenticate] for the X-Hub-Signature-256 header (an
// HMAC-SHA256 of the raw body under the app secret, compared in constant
// time) and [Webhook.Handshake] for the subscription handshake (hub.mode,
// hub.verify_token, hub.challenge). A producer of the internal route that
// holds the app secret signs with [Signature].
//
// Of Intake's packages it imports actors/messaging, domain and internal (httpcall,
// outbound, redact) only.
package cloudapi
