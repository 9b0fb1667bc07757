// Package webhook serves the messaging platform's webhook: the verification
// handshake (GET /webhook), the signed envelope of customer messages and
// delivery statuses (POST /webhook), and the internal inbound payload of the
// emulator and of internal producers (POST /webhook/internal).
//
// It owns the HTTP side of steps 1 and 2 of a customer message's way
// through Intake: have the platform's adapter (Deps.Platform) authenticate
// the raw body and parse the envelope, bound each message, hand it to
// acceptance (Deps.Inbound, the inbound package: receipt, claim, queue) and
// answer at once with what the Outcome means in HTTP. Both POST routes take
// the same acceptance; no route here re-implements a step of it. No model is
// called here, and no request waits for turns.
//
// # Answers
//
// Every failure answers {"error": {"code": "...", "message": "..."}}
// (http/httperr). POST /webhook answers 200 with
// {"accepted": n, "duplicates": n, "rejected": [{"message_id", "reason"}]}
// (and "stale": n when messages were older than inbound.Config.MaxAge) as
// soon as every usable message of the envelope is recorded and enqueued, or
// recorded and left to the recovery sweep (inbound.Deferred: see "A full
// queue" in the inbound package). A message that cannot become a turn (a
// sender without digits, no ID, no content, content or ID beyond what the
// platform ever sends) is listed in rejected while the others are
// processed: the platform retries every non-2xx answer, so failing the
// whole envelope for one bad message would only make it redeliver the
// good ones, and the bad one forever. Delivery statuses (sent, delivered,
// read, failed) go on the outbound message log item that carries their
// provider message ID, and a customer's reaction on the message it reacts
// to (never a turn); those of unknown messages are ignored (debug log).
// POST /webhook/internal answers 200 with {"message_id": "...",
// "duplicate": bool}, and 422 for a payload that cannot become a turn
// (unknown_instance, invalid_phone, empty_content, ...).
//
// 401 (bad or missing signature), 400 (not JSON) and 413 (over MaxBodyBytes)
// store nothing. 500 means a receipt, a status or the queue failed; 503
// (with Retry-After) means the table or the queue did not answer within
// Config.StoreTimeout (store_timeout). Both ask the platform to deliver
// again, and a redelivery finishes what the failed one left undone (see
// "Enqueueing once" in the inbound package): nothing answered 200 is lost.
//
// So the outcomes answer: inbound.Accepted and inbound.Deferred count in
// "accepted" (duplicate false on the internal route), inbound.Duplicate and
// inbound.InProgress in "duplicates" (duplicate true). An in-progress copy
// is one another delivery holds the claim of: its receipt is already
// written, so it is durable, and were the holder's enqueue to fail, that
// holder's own delivery fails and is redelivered, and the recovery sweep
// enqueues the receipt anyway. Asking the platform to retry it (503) would
// only count as failed deliveries on its side.
//
// On POST /webhook, a message whose platform timestamp is older than the
// freshness horizon (inbound.Config.MaxAge, at most the receipts' lifetime)
// is acknowledged and dropped, counted in "stale" (Inbound.Stale): after its
// receipt expired, a redelivery would otherwise become a new turn.
//
// The phones of an envelope are accepted at once, at most
// Config.Concurrency at a time; one phone's messages one after the other,
// so they reach the queue in envelope order (envelope.go).
//
// # Authentication
//
// Both POST routes have Deps.Platform authenticate the raw body before
// anything is read from it; for the Cloud API (cloudapi.Webhook) that is
// X-Hub-Signature-256, an HMAC of the body under the app secret. The
// internal route takes the same check because it injects customer turns just
// as the platform does; the emulator runs without a secret, which accepts
// unsigned bodies (local development only). The handshake's answer (GET
// /webhook) is the platform's too; this package only renders it.
//
// # Layers
//
// It imports fiber, actors/messaging, persistence (the message log),
// inbound (its Outcome) and http/httperr, and declares what it calls:
// acceptance (Inbound), which *inbound.Acceptor satisfies, and the platform
// (Platform), which no platform package is imported for. It must not import
// runtime, emulator or cmd: it receives its configuration as values.
package webhook
