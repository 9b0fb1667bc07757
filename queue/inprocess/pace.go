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
// which must answer the platform at once) and finds the queue full means the
// consumers are behind. If goroutines also wait for a core (Config.CPUShort),
// every message the consumers take costs the producers CPU, and of the two
// the consumers' work is the one that can wait: the message is durable, the
// producer's answer is not. So:
//
//   - producers refused and the CPU short: the consumers drop to the floor
//     pace, floorPerLane messages a second per lane, so a backlog still
//     drains;
//   - otherwise the pace rises by half each tick, and once no producer was
//     refused for calmTicks the consumers go flat out. A tick without a
//     refusal is not enough: a queue at the edge of full would let the
//     consumers burst at every other tick.
//
// A queue that never fills never paces: a process whose consumers keep up
// runs every turn as soon as it can, however busy its CPU.
const (
	paceTick     = 50 * time.Millisecond
	calmTicks    = 20 // a second
	floorPerLane = 10
	// cpuWaitBudget is the longest wait for a core that 1 % of the
	// scheduled goroutines may have before the CPU counts as short.
	cpuWaitBudget = 4 * time.Millisecond
)

type pacer struct {
	log     *zap.Logger
	short   func() bool
	limiter *rate.Limiter
	floor   rate.Limit
	// refused is set by every TryReserve that finds the queue full since the
	// last tick; calm counts the ticks since one did (run's goroutine only).
	refused atomic.Bool
	calm    int
}

func newPacer(cfg Config, logger *zap.Logger) *pacer {
	return &pacer{
		log:     logger,
		short:   cfg.CPUShort,
		limiter: rate.NewLimiter(rate.Inf, 1),
		floor:   rate.Limit(floorPerLane * cfg.Consumers),
	}
}

// waitsForCPU is the default Config.CPUShort: over the budget at p99.
func waitsForCPU() func() bool {
	probe := cpuwait.New()
	return func() bool { return probe.Quantile(0.99) > cpuWaitBudget }
}

// run adjusts the pace every tick until ctx is done.
func (p *pacer) run(ctx context.Context) {
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

// adjust sets the pace from what the last tick saw, and logs when the
// consumers start or stop yielding.
func (p *pacer) adjust() {
	refused := p.refused.Swap(false)
	short := p.short() // called every tick, so that its interval is the tick
	if refused {
		p.calm = 0
	} else {
		p.calm++
	}
	was := p.limiter.Limit()
	limit := was
	switch {
	case refused && short:
		limit = p.floor
	case p.calm >= calmTicks:
		limit = rate.Inf
	case limit != rate.Inf:
		limit *= 1.5
	}
	p.limiter.SetLimit(limit)
	switch {
	case was == rate.Inf && limit != rate.Inf:
		p.log.Warn("inbound queue full and CPU short: consumers slowed so that the webhook keeps answering at once",
			zap.Float64("messages_per_second", float64(limit)))
	case was != rate.Inf && limit == rate.Inf:
		p.log.Info("inbound queue has had room for a while: consumers at full speed again")
	}
}

// Paced reports whether the consumers are slowed down, leaving the CPU to
// the producers (see pacer).
func (q *Queue) Paced() bool { return q.pace.limiter.Limit() != rate.Inf }

// wait holds a consumer until the pace lets it take a message, or ctx is
// done (which the caller sees for itself).
func (p *pacer) wait(ctx context.Context) { _ = p.limiter.Wait(ctx) }
