package session

import (
	"github.com/asynkron/protoactor-go/actor"
	"github.com/asynkron/protoactor-go/scheduler"
)

// handoffWatch is the part of a conversation that watches its handoff (see
// handoff.go): the child that tells operators, spawned on first use as few
// conversations reach a human, and the renotification timer.
//
// It is state only: the actor spawns the child and arms the timer.
type handoffWatch struct {
	child *actor.PID
	// renotifyGen tells the current timer from a stale one; cancelRenotify
	// cancels the current one (nil when none is armed).
	renotifyGen    uint64
	cancelRenotify scheduler.CancelFunc
}

// renotifyDue fires the renotification timer; gen tells a stale timer.
// opening marks the first notice deferred to the business's opening.
type renotifyDue struct {
	gen     uint64
	opening bool
}

// armed reports whether a renotification is scheduled.
func (w *handoffWatch) armed() bool { return w.cancelRenotify != nil }

// nextRenotify cancels the armed timer, if any, and returns the generation
// of the next one.
func (w *handoffWatch) nextRenotify() uint64 {
	w.stop()
	return w.renotifyGen
}

// stop cancels the armed timer; a timer already fired is stale.
func (w *handoffWatch) stop() {
	if w.cancelRenotify != nil {
		w.cancelRenotify()
		w.cancelRenotify = nil
	}
	w.renotifyGen++
}

// fired reports whether msg is the current timer's, which is then spent.
func (w *handoffWatch) fired(msg *renotifyDue) bool {
	if msg.gen != w.renotifyGen {
		return false
	}
	w.cancelRenotify = nil
	return true
}
