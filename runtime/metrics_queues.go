package runtime

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/intake-runtime/intake/persistence"
)

// queueDepthHelp is the help of intake_queue_depth, whose two series come
// from two collectors (lanes from memory, handoff from the table): the
// registry requires the same help for both.
const queueDepthHelp = "Messages or conversations waiting, by queue: lanes (the in-process inbound queue's messages not yet handed to a conversation), overflow (messages accepted beyond the lanes, waiting for room), handoff (conversations waiting for a person, read from the table at scrape, at most once a minute)."

// handoffCollector reads the handoff queue from its index at scrape (at most once a minute),
// as the projection gauges do: one query as small as the queue, on no
// customer's turn, and nothing to drift from the table's truth.
type handoffCollector struct {
	queue  *persistence.HandoffQueue
	depth  *prometheus.Desc
	oldest *prometheus.Desc
	now    func() time.Time
}

func newHandoffCollector(table persistence.Table) *handoffCollector {
	return &handoffCollector{
		queue: persistence.NewHandoffQueue(table),
		depth: prometheus.NewDesc("intake_queue_depth", queueDepthHelp, nil, prometheus.Labels{"queue": "handoff"}),
		oldest: prometheus.NewDesc("intake_handoff_oldest_wait_seconds",
			"How long the conversation waiting longest for a person has waited since its handoff; 0 when none waits.", nil, nil),
		now: time.Now,
	}
}

func (h *handoffCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- h.depth
	ch <- h.oldest
}

func (h *handoffCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), projectionScrapeTimeout)
	defer cancel()
	sessions, err := h.queue.List(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(h.depth, err)
		return
	}
	waiting, oldest := 0, time.Duration(0)
	for _, s := range sessions {
		if !s.Waiting() {
			continue // an operator holds it
		}
		waiting++
		oldest = max(oldest, h.now().Sub(s.HandoffSince()))
	}
	ch <- prometheus.MustNewConstMetric(h.depth, prometheus.GaugeValue, float64(waiting))
	ch <- prometheus.MustNewConstMetric(h.oldest, prometheus.GaugeValue, oldest.Seconds())
}

// waitingQueue is a queue that knows how many messages wait in memory (the
// in-process queue): in its lanes, and accepted beyond them in its
// overflow. SQS keeps its own depth metric.
type waitingQueue interface {
	Waiting() int
	Overflowing() int
}

// watchLanes registers intake_queue_depth{queue="lanes"} and
// {queue="overflow"} when q keeps its messages in memory.
func (m *Metrics) watchLanes(q Queue) {
	w, ok := q.(waitingQueue)
	if !ok {
		return
	}
	for name, depth := range map[string]func() int{"lanes": w.Waiting, "overflow": w.Overflowing} {
		m.registry.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name:        "intake_queue_depth",
			Help:        queueDepthHelp,
			ConstLabels: prometheus.Labels{"queue": name},
		}, func() float64 { return float64(depth()) }))
	}
}
