package runtime

import (
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// readings counts how often the table would be read.
type readings struct {
	desc  *prometheus.Desc
	reads int
}

func (r *readings) Describe(ch chan<- *prometheus.Desc) { ch <- r.desc }

func (r *readings) Collect(ch chan<- prometheus.Metric) {
	r.reads++
	ch <- prometheus.MustNewConstMetric(r.desc, prometheus.GaugeValue, float64(r.reads))
}

// Scrapes within a minute answer the last reading; the table is read again
// once a minute has passed.
func TestGaugesFromTheTableReadItAtMostOnceAMinute(t *testing.T) {
	inner := &readings{desc: prometheus.NewDesc("intake_test_reading", "test", nil, nil)}
	clock := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	cached := cachedScrape(inner)
	cached.now = func() time.Time { return clock }

	for _, step := range []struct {
		after time.Duration
		want  float64
	}{{0, 1}, {15 * time.Second, 1}, {44 * time.Second, 1}, {time.Second, 2}, {30 * time.Second, 2}} {
		clock = clock.Add(step.after)
		if got := testutil.ToFloat64(cached); got != step.want {
			t.Errorf("after %v more: reading %v, want %v", step.after, got, step.want)
		}
	}
	if inner.reads != 2 {
		t.Errorf("the table was read %d times in 90 s of scrapes, want 2", inner.reads)
	}
}
