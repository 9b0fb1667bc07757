// Package inbound owns "one message, one turn": whatever way a customer's
// message comes in and however often it is delivered, it becomes exactly one
// turn of its conversation, and nothing acknowledged is lost. Every step
// of that way lives here, once:
//
//  1. acceptance (Acceptor.Accept): the receipt written with a conditional
//     put on the platform message ID, the enqueue claim taken on a
//     redelivery, and the Outcome settled from what the receipt says;
//  2. the hand-over to the queue: room reserved before the receipt is
//     written, the send, the claim given back after a failed send, and the
//     deferrals counted when the queue is full;
//  3. freshness (Acceptor.Stale): a delivery older than the receipts'
//     lifetime is dropped, never a second turn;
//  4. the queue side (Deliverer.Handle): the turn read from its receipt
//     when the queue message carries only its ID, a completed one dropped,
//     an operator's message routed to the conversation they hold, the rest
//     handed to the conversation of its phone (Conversations);
//  5. the recovery sweep (Recovery): acknowledged messages no turn
//     answered enqueued again, and conversations with unsent replies woken.
//
// What an Outcome means for an answer is the caller's: http/webhook answers
// 200 for Accepted, Deferred, Duplicate and InProgress (the receipt is
// durable), and a failure 500, or 503 when it ran out of time. Both of its
// routes, the platform's and the internal one (the emulator's and internal
// producers'), call the same Acceptor.
//
// # Enqueueing once
//
// The receipt (persistence.Receipt) is the record of a message; the queue
// only announces it. A delivery may fail between the two, so the receipt
// also carries an enqueue claim (persistence.Receipts.Claim): which delivery
// enqueues the message, since when. The first delivery writes the receipt
// with its claim in one conditional put. A later delivery takes the claim
// with a conditional update, which succeeds only when no turn has taken the
// message yet (no dispatched_at or other step, which the turn's commit
// stamps) and the previous claim is older than Config.ClaimLease. Only the
// claim holder enqueues.
//
// So twenty concurrent deliveries produce one queue message. A delivery
// whose enqueue failed releases its claim and fails; the platform's
// redelivery takes the claim and enqueues. A delivery that died holding the
// claim, or whose message a non-durable queue lost (the in-process queue
// when the process stops), is enqueued again by the first redelivery after
// the lease. A redelivery that finds the message taken by a turn is a
// Duplicate. One that finds a younger claim is InProgress: the holder may
// still fail, and even a successful send is no proof, since a non-durable
// queue can lose it; but the receipt is written, and the recovery sweep
// enqueues any receipt no turn answered, so InProgress is acknowledged too.
// A copy enqueued after the lease reaches a conversation that recognises a
// message it buffers, and a commit that refuses one already answered.
//
// A new message costs one conditional put (receipt and claim) and the queue
// send; a duplicate costs a failed put, a failed update and a read.
//
// # A full queue
//
// Acceptance never waits for the queue. A queue bounded in memory (the
// in-process queue, a queue.Reserver) is asked for room before the receipt
// is written, without waiting. The in-process queue grants room past its
// slots in its overflow, which hands a burst to the conversations as its
// lanes free, oldest first: for the Acceptor that is room like any other
// (the receipt and its claim, Accepted), and the message keeps its turn, so
// no read of the receipt follows. When the queue has no room at all (its
// overflow is full too), the receipt is written without a claim and the
// message is Deferred (acknowledged, and counted by Metrics): the receipt
// keeps it, listed among the unfinished ones, and the recovery sweep
// enqueues it after RECOVERY_AFTER. The same one put, and no wait, whatever
// the backlog of turns.
//
// A message waiting in the overflow longer than RECOVERY_AFTER is listed by
// the sweep too: the queue recognises the sweep's copy of a message it still
// holds and does not queue it again, so one turn, and one model call, answer
// it.
//
// Writing no claim is what keeps redeliveries free: nothing was enqueued, so
// nothing may make the platform's redelivery wait for a lease. A redelivery
// that finds room takes the claim and enqueues at once. One that finds the
// queue still full takes no claim (it could not use it, and it would block
// the next redelivery); it reads the receipt and settles as the receipt
// says: a Duplicate when a turn took the message, InProgress while another
// delivery's claim is younger than the lease, and otherwise Deferred, the
// message being left to the sweep as before. Releasing a claim instead
// would cost a second write on every message of an overload, when writes
// matter most.
//
// Room taken and not used (a duplicate, a failure) is given back at once.
// SQS has no such bound: its Send is the hand-off, bounded by half the claim
// lease, and a failed send releases the claim and fails as above.
//
// # Handing turns to conversations
//
// The Deliverer succeeds only once the conversation holds the turn, durably
// buffered, so the queue forgets nothing that was not safely kept; it
// writes nothing itself (the turn's commit stamps the receipt). The
// Recovery's sweep, run at start and every RECOVERY_INTERVAL, is what turns
// "acknowledged" into "answered" when a process or a non-durable queue lost
// a message between the two: it finds the work through the sharded work
// indexes, never a scan.
//
// # Layers
//
// It imports persistence, queue and actors/messaging, and declares what it
// calls above them: the queue (Enqueuer), the conversations
// (Conversations), the operators' routing (Operators) and the counters
// (Metrics). It is imported by http (the webhook's routes) and runtime (the
// queue consumer and the sweep), and must not import http, runtime,
// emulator or cmd: it receives its configuration as values.
package inbound
