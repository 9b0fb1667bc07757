package runtime

import (
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
)

// tableScrapeEvery is the most often a gauge read from the table reads it:
// Prometheus may scrape every few seconds, from several servers, and each
// read is a request the deployment pays for, idle or not. The backlog and
// queue gauges these readings feed move on the scale of minutes.
const tableScrapeEvery = time.Minute

// everyMinute collects its collector at most once per tableScrapeEvery and
// answers the scrapes between with what it collected last. A reading that
// failed is not kept: the next scrape tries the table again.
type everyMinute struct {
	prometheus.Collector
	now func() time.Time

	mu      sync.Mutex
	at      time.Time
	metrics []prometheus.Metric
}

func cachedScrape(c prometheus.Collector) *everyMinute {
	return &everyMinute{Collector: c, now: time.Now}
}

func (e *everyMinute) Collect(ch chan<- prometheus.Metric) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if now := e.now(); e.metrics == nil || now.Sub(e.at) >= tableScrapeEvery {
		e.metrics, e.at = collectAll(e.Collector), now
	}
	for _, m := range e.metrics {
		ch <- m
	}
	if failed(e.metrics) {
		e.metrics = nil
	}
}

// failed reports whether a reading holds an invalid metric: the collector
// could not read the table.
func failed(metrics []prometheus.Metric) bool {
	for _, m := range metrics {
		if m.Write(&dto.Metric{}) != nil {
			return true
		}
	}
	return false
}

// collectAll gathers what c collects into a slice.
func collectAll(c prometheus.Collector) []prometheus.Metric {
	ch := make(chan prometheus.Metric)
	go func() {
		c.Collect(ch)
		close(ch)
	}()
	var out []prometheus.Metric
	for m := range ch {
		out = append(out, m)
	}
	return out
}
