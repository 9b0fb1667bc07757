package inprocess

import (
	"context"
	"sync/atomic"
	"time"

	"go.uber.org/zap"
	"golang.org/x/time/rate"

	"github.com/intake-runtime/intake/internal/cpuwait"
)

// The pacer lets the consumers leave the CPU to the queue's producers when
// both compete for it. A producer that cannot wait (TryReserve: the webhook,
// which must answer the platform at once) and finds no free slot means the
// consumers are behind, whether its message then waits in the overflow or
// is refused. If goroutines also wait for a core (Config.CPUShort),
// every message the consumers take costs the producers CPU, and of the two
// the consumers' work is the one that can wait: the message is durable, the
// producer's answer is not. So:
//
//   - producers without a slot and the CPU short: the consumers drop to the
//     floor pace, floorPerLane messages a second per lane (one limiter
//     shared by all lanes), so a backlog still drains;
//   - otherwise the pace rises by half each tick, and the consumers go flat
//     out once it reaches ceilingPerFloor times the floor (half a second
//     from the floor). A tick without a producer short of a slot is not
//     enough to go flat out at once: a queue at the edge of full would let
//     the consumers burst at every other tick.
//
// The slow-down is logged when it starts, and its end once every producer
// found a slot for calmTicks: an overload is two lines, however often the
// pace returns to the floor meanwhile.
//
// With an overflow, a burst is paced while it comes in and drained flat out
// as soon as it stops: the work is the same, and the webhook's answers come
// first. Under an overload that outlasts the overflow, the floor fills it
// sooner, and the producers are then refused and leave their messages to
// the recovery sweep: the webhook's answer is what cannot wait.
//
// A queue that never fills never paces: a process whose consumers keep up
// runs every turn as soon as it can, however busy its CPU. A process short of
// CPU for another reason (a noisy neighbour, a cgroup quota) paces its
// consumers too while producers find no slot: the floor keeps them moving.
const (
	paceTick        = 50 * time.Millisecond
	calmTicks       = 20 // a second
	floorPerLane    = 10
	ceilingPerFloor = 64
	// cpuWaitBudget is the p99 wait for a core over which the CPU is short.
	// cpuwait reads the scheduler's histogram, whose buckets step by about
	// 19 %: waits from about 3.7 ms on count as over it.
	cpuWaitBudget = 4 * time.Millisecond
)

type pacer struct {
	log     *zap.Logger
	short   func() bool
	limiter *rate.Limiter
	floor   rate.Limit
	// noSlot is set by every TryReserve that finds no free slot.
	noSlot atomic.Bool
	// The state of run's goroutine, for the log: the ticks since a
	// refusal, and whether the consumers slowed since the last calm second.
	calm   int
	slowed bool
}

func newPacer(cfg Config, logger *zap.Logger) *pacer {
	return &pacer{
		log:     logger,
		short:   cfg.CPUShort,
		limiter: rate.NewLimiter(rate.Inf, 1),
		floor:   rate.Limit(floorPerLane * cfg.Consumers),
	}
}

// waitsForCPU is the default Config.CPUShort.
func waitsForCPU() func() bool {
	probe := cpuwait.New()
	return func() bool { return probe.Quantile(0.99) > cpuWaitBudget }
}

// run adjusts the pace every tick until ctx is done. Each Run of the queue
// starts flat out.
func (p *pacer) run(ctx context.Context) {
	p.limiter.SetLimit(rate.Inf)
	p.calm, p.slowed = 0, false
	tick := time.NewTicker(paceTick)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			p.adjust()
		}
	}
}

// adjust sets the pace from what the last tick saw, and logs an overload's
// start and end.
func (p *pacer) adjust() {
	refused := p.noSlot.Swap(false)
	short := p.short() // called every tick, so that its interval is the tick
	if refused {
		p.calm = 0
	} else {
		p.calm++
	}
	limit := p.limiter.Limit()
	switch {
	case refused && short:
		limit = p.floor
	case limit*1.5 >= p.floor*ceilingPerFloor:
		limit = rate.Inf
	default:
		limit *= 1.5
	}
	p.limiter.SetLimit(limit)
	switch {
	case limit == p.floor && !p.slowed:
		p.slowed = true
		p.log.Warn("inbound queue full and CPU short: consumers slowed so that the webhook keeps answering at once",
			zap.Float64("messages_per_second", float64(limit)))
	case p.calm >= calmTicks && p.slowed:
		p.slowed = false
		p.log.Info("inbound queue has had room for a second: consumers at full speed")
	}
}

// Paced reports whether the consumers are slowed down, leaving the CPU to
// the producers (see pacer).
func (q *Queue) Paced() bool { return q.pace.limiter.Limit() != rate.Inf }

// wait holds a consumer until the pace lets it take a message, or ctx is
// done (which the caller sees for itself).
func (p *pacer) wait(ctx context.Context) {
	r := p.limiter.Reserve() // never refused: the burst is 1, and a message is 1
	delay := r.Delay()
	if delay == 0 {
		return
	}
	t := time.NewTimer(delay)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
		r.Cancel()
	}
}
