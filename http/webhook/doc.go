// Package webhook serves the messaging platform's webhook: the verification
// handshake (GET /webhook), the signed envelope of customer messages and
// delivery statuses (POST /webhook), and the internal inbound payload of the
// emulator and of internal producers (POST /webhook/internal).
//
// It owns steps 1 and 2 of a customer message's way through Intake: have the
// platform's adapter (Deps.Platform) authenticate the raw body and parse the
// envelope,
// write each message's receipt with a conditional put on its platform message
// ID, hand the queue message {phone_number, message_id} to the queue without
// waiting, and answer at once (the phone's "latest" pending marker is kept by
// the conversation). No model is called here, and no request waits for turns.
//
// # Answers
//
// Every failure answers {"error": {"code": "...", "message": "..."}}
// (http/httperr). POST /webhook answers 200 with
// {"accepted": n, "duplicates": n, "rejected": [{"message_id", "reason"}]}
// (and "stale": n when messages were older than Config.MaxAge)
// as soon as every usable message of the envelope is recorded and enqueued,
// or recorded and left to the recovery sweep (see "A full queue"). A message that
// cannot become a turn (a sender without digits, no ID, no content, content
// or ID beyond what the platform ever sends) is listed in rejected while the
// others are processed: the platform retries every non-2xx answer, so failing
// the whole envelope for one bad message would only make it redeliver the
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
// Config.StoreTimeout (store_timeout), or that the message was enqueued, or
// is being enqueued, by another delivery within the last Config.ClaimLease
// and no turn has taken it yet (in_progress). Both ask the platform to
// deliver again, and
// a redelivery finishes what the failed one left undone (see "Enqueueing
// once" below): nothing answered 200 is lost.
//
// A message whose platform timestamp is older than Config.MaxAge (the
// platform's retry horizon, at most the receipts' lifetime) is acknowledged
// and dropped, counted in "stale" and by Deps.Metrics: after its receipt
// expired, a redelivery would otherwise become a new turn.
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
// # Enqueueing once
//
// The receipt (persistence.Receipt) is the record of a message; the queue
// only announces it. A request may fail between the two, so the receipt also
// carries an enqueue claim (persistence.Receipts.Claim): which delivery
// enqueues the message, since when. The first delivery writes the receipt
// with its claim in one conditional put. A later delivery takes the claim
// with a conditional update, which succeeds only when no turn has taken the
// message yet (no dispatched_at or other step, which the turn's commit
// stamps) and the previous claim is older than Config.ClaimLease. Only the
// claim holder enqueues.
//
// So twenty concurrent deliveries produce one queue message. A delivery
// whose enqueue failed releases its claim and answers 500; the platform's
// redelivery takes the claim and enqueues. A delivery that died holding the
// claim, or whose message a non-durable queue lost (the in-process queue
// when the process stops), is enqueued again by the first redelivery after
// the lease. A redelivery that finds the message taken by a turn is a
// duplicate (200). One that finds a younger claim answers 503: the holder may
// still fail, and even a successful send is no proof, since a non-durable
// queue can lose it; only what a turn took is acknowledged as a duplicate. A
// copy enqueued after the lease reaches a conversation that recognises a
// message it buffers, and a commit that refuses one already answered.
//
// A new message costs one conditional put (receipt and claim) and the queue
// send; a duplicate costs a failed put, a failed update and a read.
//
// # A full queue
//
// The webhook never waits for the queue. A queue bounded in memory (the
// in-process queue, a queue.Reserver) is asked for room before the receipt
// is written, without waiting. When it has none, the receipt is written
// without a claim and the message is answered 200 (counted in "accepted",
// and by Deps.Metrics): the receipt keeps it, listed among the unfinished
// ones, and the runtime's recovery sweep enqueues it after RECOVERY_AFTER.
// The same one put, and no wait, whatever the backlog of turns.
//
// Writing no claim is what keeps redeliveries free: nothing was enqueued, so
// nothing may make the platform's redelivery wait for a lease. A redelivery
// that finds room takes the claim and enqueues at once. One that finds the
// queue still full takes no claim (it could not use it, and it would block
// the next redelivery); it reads the receipt and answers as the receipt
// says: a duplicate when a turn took the message, 503 while another
// delivery's claim is younger than the lease, and otherwise 200, the message
// being left to the sweep as before. Releasing a claim instead would cost a
// second write on every message of an overload, when writes matter most.
//
// Room taken and not used (a duplicate, a failure) is given back at once.
// SQS has no such bound: its Send is the hand-off, bounded by half the claim
// lease, and a failed send releases the claim and answers 500 as above.
//
// # Layers
//
// It imports fiber, actors/messaging, persistence, queue (the Reserver port
// and its errors) and http/httperr, and declares what it calls: the queue
// (Enqueuer), which queue.Sender implementations satisfy, and the platform
// (Platform), which no platform package is imported for. It must not import runtime, emulator or cmd: it
// receives its configuration as values.
package webhook
