package session

import (
	"slices"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/asynkron/protoactor-go/scheduler"

	"github.com/intake-runtime/intake/actors/sessionpb"
)

// inbox is the part of a conversation that holds the customer's messages
// not yet in a turn: the debounce buffer, the chat requests waiting for its
// answer, when each message was routed here, and the flush timer. It also
// remembers the two table items that shadow it: the pending marker (written
// by this activation's last commit) and an older release's debounce buffer
// (whose turns it took over, deleted by the next commit).
//
// It is state only: the actor arms and cancels the timer it describes.
type inbox struct {
	debounce debounce
	buffer   []*sessionpb.InboundTurn
	// chats are the /chat callers waiting for the next turn's answer.
	chats []*actor.PID
	// routedAt is when this activation accepted each message it has not
	// answered yet, and whether a chat brought it, for the receipt's
	// agent_routed_at and sync_claimed_at.
	routedAt map[string]routed
	firstAt  time.Time // arrival of the buffer's first message

	// flushGen tells the current flush timer from a stale one; cancelFlush
	// cancels the current one (nil when none is armed).
	flushGen    uint64
	cancelFlush scheduler.CancelFunc

	// markerWritten says the pending marker lists messages now (this
	// activation's last commit put it), so a commit with none deletes it.
	markerWritten bool
	// legacyBuffer says the buffer came from an older release's debounce
	// buffer, which the next commit deletes.
	legacyBuffer bool
}

// routed is when the conversation accepted a message, and whether a
// synchronous path (/chat) brought it and waits for its answer.
type routed struct {
	at   time.Time
	sync bool
}

// took starts the inbox from what the table held: an older release's buffer.
func (in *inbox) took(turns []*sessionpb.InboundTurn, now time.Time) {
	in.buffer = turns
	in.legacyBuffer = len(turns) > 0
	if in.legacyBuffer {
		in.firstAt = now
	}
}

// has reports whether messageID is buffered.
func (in *inbox) has(messageID string) bool {
	return slices.ContainsFunc(in.buffer, func(t *sessionpb.InboundTurn) bool { return t.GetMessageId() == messageID })
}

// add buffers one message accepted at now and returns when the burst is due.
func (in *inbox) add(t *sessionpb.InboundTurn, chat bool, now time.Time) time.Time {
	if len(in.buffer) == 0 {
		in.firstAt = now
	}
	in.buffer = append(in.buffer, t)
	if in.routedAt == nil {
		in.routedAt = map[string]routed{}
	}
	in.routedAt[t.GetMessageId()] = routed{at: now, sync: chat}
	return in.debounce.deadline(in.firstAt, now)
}

// take removes up to n buffered messages, oldest first, with every waiting
// chat, for a turn.
func (in *inbox) take(n int) ([]*sessionpb.InboundTurn, []*actor.PID) {
	n = min(len(in.buffer), n)
	turns, chats := in.buffer[:n:n], in.chats
	in.buffer, in.chats = slices.Clone(in.buffer[n:]), nil
	return turns, chats
}

// putBack returns a turn's messages and chats to the front of the inbox, for
// a turn that runs again.
func (in *inbox) putBack(turns []*sessionpb.InboundTurn, chats []*actor.PID) {
	in.buffer = append(slices.Clone(turns), in.buffer...)
	in.chats = append(slices.Clone(chats), in.chats...)
}

// pending lists the buffered message IDs, for the pending marker.
func (in *inbox) pending() []string {
	ids := make([]string, 0, len(in.buffer))
	for _, m := range in.buffer {
		ids = append(ids, m.GetMessageId())
	}
	return ids
}

// answered forgets the routing of messages a commit answered.
func (in *inbox) answered(turns []*sessionpb.InboundTurn) {
	for _, m := range turns {
		delete(in.routedAt, m.GetMessageId())
	}
	if len(in.routedAt) == 0 {
		in.routedAt = nil // a map keeps its buckets after its deletes
	}
}

// committed records what a stored commit left of the inbox's table items.
func (in *inbox) committed(marker bool) {
	in.markerWritten, in.legacyBuffer = marker, false
}

// nextFlush cancels the armed flush timer, if any, and returns the
// generation of the next one.
func (in *inbox) nextFlush() uint64 {
	in.stopFlush()
	return in.flushGen
}

// stopFlush cancels the armed flush timer; a timer already fired is stale.
func (in *inbox) stopFlush() {
	if in.cancelFlush != nil {
		in.cancelFlush()
		in.cancelFlush = nil
	}
	in.flushGen++
}
