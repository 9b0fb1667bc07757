package reports_test

import (
	"math"
	"testing"
	"time"

	"github.com/intake-runtime/intake/reports"
)

// Percentiles read from the buckets are within 5% of the true ones, and
// histograms merged give what one histogram of all the durations gives.
func TestHistogramPercentiles(t *testing.T) {
	if p := (reports.Histogram{}).Percentile(); p.Count != 0 || p.P50 != nil || p.P90 != nil {
		t.Errorf("empty: %+v, want count 0 and null percentiles", p)
	}
	a, b, all := reports.Histogram{}, reports.Histogram{}, reports.Histogram{}
	for i := 1; i <= 100; i++ { // 1 to 100 minutes
		d := time.Duration(i) * time.Minute
		all.Add(d)
		if i%2 == 0 {
			a.Add(d)
		} else {
			b.Add(d)
		}
	}
	a.Merge(b)
	for name, h := range map[string]reports.Histogram{"merged": a, "whole": all} {
		p := h.Percentile()
		if p.Count != 100 {
			t.Errorf("%s: count %d", name, p.Count)
		}
		near(t, name+" p50", *p.P50, 50*60)
		near(t, name+" p90", *p.P90, 90*60)
	}
	zero := reports.Histogram{}
	zero.Add(0)
	zero.Add(500 * time.Millisecond)
	if p := zero.Percentile(); *p.P50 != 0 || *p.P90 != 0 {
		t.Errorf("under a second: %v %v, want 0", *p.P50, *p.P90)
	}
}

func near(t *testing.T, name string, got, want float64) {
	t.Helper()
	if math.Abs(got-want)/want > 0.05 {
		t.Errorf("%s = %.0f s, want %.0f s ± 5%%", name, got, want)
	}
}
