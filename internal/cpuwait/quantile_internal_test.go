package cpuwait

import (
	"math"
	"runtime/metrics"
	"testing"
	"time"
)

func TestQuantileCountsOnlyTheWaitsSinceTheLastReading(t *testing.T) {
	// The runtime's first bucket starts at -Inf and ends at 0.
	h := &metrics.Float64Histogram{
		Buckets: []float64{math.Inf(-1), 0, 0.001, 0.002, 0.004, math.Inf(1)},
		Counts:  []uint64{0, 10, 5, 3, 2},
	}
	cases := []struct {
		name string
		last []uint64
		q    float64
		want time.Duration
	}{
		{"first reading, median", nil, 0.5, time.Millisecond},
		{"first reading, p99 in the unbounded bucket", nil, 0.99, 4 * time.Millisecond},
		{"older waits left out", []uint64{0, 10, 5, 0, 2}, 0.5, 4 * time.Millisecond},
		{"only short waits since", []uint64{0, 0, 5, 3, 2}, 0.99, time.Millisecond},
		{"nothing since", []uint64{0, 10, 5, 3, 2}, 0.99, 0},
		{"waits of no time", []uint64{0, 0, 5, 3, 2}, 0.01, time.Millisecond},
		{"the longest", nil, 1, 4 * time.Millisecond},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := quantile(h, c.last, c.q); got != c.want {
				t.Errorf("quantile(%v) = %v, want %v", c.q, got, c.want)
			}
		})
	}
}
