package inbound

import (
	"time"

	"github.com/intake-runtime/intake/persistence"
)

// pace decides how much of the work indexes a Tick reads. Unfinished work
// is made on a node by its own acceptances and commits, so a node that has
// done neither for a while, and whose last passes found nothing, can only
// find work a node that crashed and never came back left behind (a node
// that restarts sweeps everything at once, Start). Reading every shard of
// both kinds at every tick costs 2 × 16 queries; a quiet node reads one
// shard of each kind, in rotation, and so reads every shard once in
// WorkShards ticks.
//
// The worst cases, with RECOVERY_AFTER A and RECOVERY_INTERVAL I: a message
// this node accepted, or a reply it committed, is taken up within A + I of
// its time, as with full passes at every tick (they go on for A + 2I after
// this node's latest work and after the latest pass that found any); what a
// vanished node left is taken up within A + WorkShards × I (10 minutes with
// the defaults) when every live node is quiet, within A + I when one is busy.
//
// Calls must not overlap; pace is the Recovery's ticking goroutine's.
type pace struct {
	// lastWork is when this node last took work in; nil reads every shard
	// at every tick.
	lastWork func() time.Time
	// busyFor is how long after the latest work every shard is read.
	busyFor time.Duration
	// lastFound is when a pass last took work up or failed.
	lastFound time.Time
	// next is the shard the next quiet tick reads.
	next int
}

// shard is the shard the tick at now reads, or persistence.AllShards.
func (p *pace) shard(now time.Time) int {
	if p.lastWork == nil {
		return persistence.AllShards
	}
	latest := p.lastWork()
	if p.lastFound.After(latest) {
		latest = p.lastFound
	}
	if now.Sub(latest) <= p.busyFor {
		return persistence.AllShards
	}
	shard := p.next
	p.next = (p.next + 1) % persistence.WorkShards
	return shard
}

// found records that a pass at now took work up, or failed: the ticks
// after it read every shard again.
func (p *pace) found(now time.Time) { p.lastFound = now }
