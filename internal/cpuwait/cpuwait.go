// Package cpuwait measures how long runnable goroutines wait for a CPU: the
// Go scheduler's own histogram (runtime/metrics "/sched/latencies:seconds"),
// taken over the interval between two readings. Goroutines that wait
// milliseconds for a core mean the process is short of CPU, whatever else
// it measures: the signal for work that can wait to leave the cores to work
// that cannot.
package cpuwait

import (
	"math"
	"runtime/metrics"
	"time"
)

// Probe reads the scheduler's waits since its previous reading. It is not
// safe for concurrent use: one goroutine reads it at an interval.
type Probe struct {
	sample []metrics.Sample
	last   []uint64 // the histogram's counts at the previous reading
}

// New returns a probe whose first interval starts now.
func New() *Probe {
	p := &Probe{sample: []metrics.Sample{{Name: "/sched/latencies:seconds"}}}
	p.Quantile(1)
	return p
}

// Quantile is the q-quantile (0 < q ≤ 1) of the waits recorded since the
// previous call, as the upper bound of its histogram bucket (the buckets step
// by about 19 %); 0 when none was recorded. The runtime samples the waits it
// records (one scheduling event in eight), so an interval needs a few
// thousand events to say much.
func (p *Probe) Quantile(q float64) time.Duration {
	metrics.Read(p.sample)
	h := p.sample[0].Value.Float64Histogram()
	wait := quantile(h, p.last, q)
	p.last = append(p.last[:0], h.Counts...)
	return wait
}

// quantile is the q-quantile of h's counts beyond last (the counts of an
// earlier reading; nil for none), as the upper bound of its bucket, or the
// lower one for the unbounded last bucket.
func quantile(h *metrics.Float64Histogram, last []uint64, q float64) time.Duration {
	fresh := func(i int) uint64 {
		if i < len(last) {
			return h.Counts[i] - last[i]
		}
		return h.Counts[i]
	}
	var total uint64
	for i := range h.Counts {
		total += fresh(i)
	}
	if total == 0 {
		return 0
	}
	rank := min(total, max(1, uint64(math.Ceil(q*float64(total)))))
	var seen uint64
	for i := range h.Counts {
		seen += fresh(i)
		if seen >= rank {
			upper := h.Buckets[i+1]
			if math.IsInf(upper, 1) {
				upper = h.Buckets[i]
			}
			return time.Duration(upper * float64(time.Second))
		}
	}
	return 0 // unreachable: seen reaches total
}
