package session

import (
	"context"
	"slices"
	"sync/atomic"

	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
)

// inFlight is the part of a conversation that runs its turns, one at a
// time: the turn under way, the sequence number that tells its results from
// a late one's, the cancel of its model call, the answers superseded by
// newer messages (logged, never sent, by the next commit), and whether a
// flush came due while it ran.
type inFlight struct {
	turn *turn // nil when none runs
	seq  uint64
	// cancelCall cancels the model call or the hearing of voice notes
	// (transcribe.go) under way, if any.
	cancelCall context.CancelFunc
	superseded []domain.Message
	// flushAsked says a flush came due while a turn was in flight; the next
	// turn starts when this one ends.
	flushAsked bool
	// running counts the turns in flight across the actors that share it,
	// for Drain.
	running *atomic.Int64
}

// maxCarried bounds the superseded answers kept for the next commit, so the
// commit still fits one transaction (persistence.MaxTurnMessages leaves
// room for them); older ones are dropped, they were never sent.
const maxCarried = 3

// begin makes a new turn the running one and returns it; end clears it.
// Running turns are counted for Drain, which waits for them at shutdown.
func (f *inFlight) begin(t *turn) *turn {
	f.seq++
	t.seq = f.seq
	f.turn = t
	f.running.Add(1)
	return t
}

func (f *inFlight) end() {
	if f.turn != nil {
		f.turn = nil
		f.running.Add(-1)
	}
}

// current is the running turn when seq is its number, else nil: the result
// of a turn already over is ignored.
func (f *inFlight) current(seq uint64) *turn {
	if f.turn == nil || f.turn.seq != seq {
		return nil
	}
	return f.turn
}

// holds reports whether the running turn answers messageID.
func (f *inFlight) holds(messageID string) bool {
	return f.turn != nil && slices.ContainsFunc(f.turn.turns, func(t *sessionpb.InboundTurn) bool { return t.GetMessageId() == messageID })
}

// supersede marks the running customer turn superseded: its answer is
// logged, never sent, and it reruns with everything buffered.
func (f *inFlight) supersede() {
	if f.turn != nil {
		f.turn.superseded = true
	}
}

// carry keeps a superseded answer for the log of the next commit: like
// everything a turn produces, it is written only with a commit.
func (f *inFlight) carry(m domain.Message) {
	f.superseded = append(f.superseded, m)
	if over := len(f.superseded) - maxCarried; over > 0 {
		f.superseded = slices.Delete(f.superseded, 0, over)
	}
}

// cancel stops the model call under way and the commit retry armed, if any.
func (f *inFlight) cancel() {
	if f.cancelCall != nil {
		f.cancelCall()
	}
	if f.turn != nil && f.turn.retryCommit != nil {
		f.turn.retryCommit()
		f.turn.retryCommit = nil
	}
}
