// Package webhook serves the messaging platform's webhook: the verification
// handshake (GET /webhook), the signed envelope of customer messages and
// delivery statuses (POST /webhook), and the internal inbound payload of the
// emulator and of internal producers (POST /webhook/internal).
//
// It owns steps 1 and 2 of a customer message's way through Intake: verify the
// signature over the raw body, parse the envelope (with actors/messaging),
// write each message's receipt with a conditional put on its platform message
// ID, enqueue the queue message {phone_number, message_id} and answer at once
// (the phone's "latest" pending marker is kept by the queue consumer). No model is called here.
//
// # Answers
//
// Every failure answers {"error": {"code": "...", "message": "..."}}
// (http/httperr). POST /webhook answers 200 with
// {"accepted": n, "duplicates": n, "rejected": [{"message_id", "reason"}]}
// as soon as every usable message of the envelope is enqueued. A message that
// cannot become a turn (a sender without digits, no ID, no content, content
// or ID beyond what the platform ever sends) is listed in rejected while the
// others are processed: the platform retries every non-2xx answer, so failing
// the whole envelope for one bad message would only make it redeliver the
// good ones, and the bad one forever. Delivery statuses (sent, delivered,
// read, failed) go on the outbound message log item that carries their
// provider message ID; statuses of unknown messages are ignored (debug log).
// POST /webhook/internal answers 200 with {"message_id": "...",
// "duplicate": bool}, and 422 for a payload that cannot become a turn
// (unknown_instance, invalid_phone, empty_content, ...).
//
// 401 (bad or missing signature), 400 (not JSON) and 413 (over MaxBodyBytes)
// store nothing. 500 means a receipt, a status or the queue failed; 503 (with Retry-After) means the message was enqueued, or is
// being enqueued, by another delivery within the last Config.ClaimLease and
// no consumer has taken it yet. Both ask the platform to deliver again, and
// a redelivery finishes what the failed one left undone (see "Enqueueing
// once" below): nothing answered 200 is lost.
//
// # Authentication
//
// When Config.AppSecret is set, both POST routes require
// X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>, compared in
// constant time. The internal route takes the same signature because it
// injects customer turns just as the platform does; the emulator runs without
// a secret, and a producer that has the secret signs with [Signature]. Without
// a secret both routes accept unsigned bodies (local development only).
//
// # Enqueueing once
//
// The receipt (persistence.Receipt) is the record of a message; the queue
// only announces it. A request may fail between the two, so the receipt also
// carries a claim owned by this package, enqueue_claimed_at: which delivery
// enqueues the message, since when. The first delivery writes the receipt
// with its claim in one conditional put. A later delivery takes the claim
// with a conditional update, which succeeds only when no consumer has taken
// the message yet (no dispatched_at or later step) and the previous claim is
// older than Config.ClaimLease. Only the claim holder enqueues.
//
// So twenty concurrent deliveries produce one queue message. A delivery
// whose enqueue failed releases its claim and answers 500; the platform's
// redelivery takes the claim and enqueues. A delivery that died holding the
// claim, or whose message a non-durable queue lost (the in-process queue
// when the process stops), is enqueued again by the first redelivery after
// the lease. A redelivery that finds the message dispatched is a duplicate
// (200). One that finds a younger claim answers 503: the holder may still
// fail, and even a successful send is no proof, since a non-durable queue
// can lose it; only what a consumer took is acknowledged as a duplicate. A
// copy enqueued after the lease reaches a consumer that skips receipts
// already routed to their conversation (agent_routed_at).
//
// A new message costs one conditional put (receipt and claim) and the queue
// send; a duplicate costs a failed put, a failed update and a read.
//
// # Layers
//
// It imports fiber, actors/messaging, persistence and http/httperr, and
// declares the one queue call it makes (Enqueuer), which queue.Sender
// implementations satisfy. It must not import runtime, emulator or cmd: it
// receives its configuration as values.
package webhook
