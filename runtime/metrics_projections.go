package runtime

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/intake-runtime/intake/persistence"
)

// projectionCollector reads the CRM projection backlog from the status
// index at scrape (at most once a minute, cachedScrape): the table holds the truth, so no counter can drift
// from it, and the index queries stay as small as the backlog. SYNCED
// projections leave the index and are not counted.
type projectionCollector struct {
	projections *persistence.Projections
	count       *prometheus.Desc
	oldest      *prometheus.Desc
}

// projectionScrapeTimeout bounds the index queries of one scrape.
const projectionScrapeTimeout = 5 * time.Second

func newProjectionCollector(table persistence.Table) *projectionCollector {
	return &projectionCollector{
		projections: persistence.NewProjections(table),
		count: prometheus.NewDesc("intake_projections",
			"CRM projections by status (PENDING, UNCERTAIN, BLOCKED), read from the table at scrape, at most once a minute.", []string{"status"}, nil),
		oldest: prometheus.NewDesc("intake_projection_oldest_pending_seconds",
			"Age of the oldest PENDING or UNCERTAIN projection's backlog; 0 when none.", nil, nil),
	}
}

func (p *projectionCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- p.count
	ch <- p.oldest
}

func (p *projectionCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), projectionScrapeTimeout)
	defer cancel()
	backlog, err := p.projections.Backlog(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(p.count, err)
		return
	}
	for _, status := range []persistence.ProjectionStatus{persistence.ProjectionPending, persistence.ProjectionUncertain, persistence.ProjectionBlocked} {
		ch <- prometheus.MustNewConstMetric(p.count, prometheus.GaugeValue, float64(len(backlog.InStatus(status))), string(status))
	}
	ch <- prometheus.MustNewConstMetric(p.oldest, prometheus.GaugeValue, backlog.OldestWaiting(time.Now()).Seconds())
}
