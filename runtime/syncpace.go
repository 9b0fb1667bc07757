package runtime

import (
	"time"

	"github.com/intake-runtime/intake/actors/projection"
)

// syncIdleInterval is how often a node reads the sync backlog with no
// reason to expect work: the backlog is 19 index queries, and an idle node
// reading it every SYNC_INTERVAL (30 s) made 38 of an idle minute's 108
// table requests. What it still finds then is work no node here signalled:
// an intent committed by a node that stopped before its sync ran, or a
// lease a vanished node left (its own backoffs every node learns from its
// reads).
const syncIdleInterval = 10 * time.Minute

// syncPace decides at each SYNC_INTERVAL tick whether the sync job reads
// its backlog: at the first tick, after a turn on this node recorded a
// projection intent, once the earliest waiting projection of the last read
// falls due (a backoff, a reconcile delay, a lease), after a failed run,
// and otherwise every idle interval. A lead committed here reaches the CRM
// within one SYNC_INTERVAL, as when every tick read the backlog; one
// committed by a node that stopped before syncing it, within the idle
// interval. Ticks are one goroutine's: pace is not safe for concurrent use.
type syncPace struct {
	idle    time.Duration
	lastRun time.Time // zero before the first run
	nextDue time.Time // zero: nothing waiting
}

// due reports whether the tick at now runs the job; intent says whether a
// turn recorded one since the last run.
func (p *syncPace) due(now time.Time, intent bool) bool {
	switch {
	case p.lastRun.IsZero() || intent:
		return true
	case !p.nextDue.IsZero() && !now.Before(p.nextDue):
		return true
	default:
		return now.Sub(p.lastRun) >= p.idle
	}
}

// ran records the run that started at now: a failed one is due again at
// the next tick.
func (p *syncPace) ran(now time.Time, res projection.Result, err error) {
	p.lastRun, p.nextDue = now, res.NextDue
	if err != nil {
		p.nextDue = now
	}
}
