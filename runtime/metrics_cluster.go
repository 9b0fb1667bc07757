package runtime

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/intake-runtime/intake/runtime/cluster"
)

// clusterMetrics are the collectors of a clustered node, registered only
// when it joins a cluster: its view of the members and the requests it
// makes to conversations, local or on other members. Its activations are
// intake_session_actors, as on a single node.
type clusterMetrics struct {
	members  prometheus.Gauge
	agreed   prometheus.Gauge
	requests *prometheus.CounterVec
	seconds  *prometheus.HistogramVec
}

var _ cluster.Metrics = (*clusterMetrics)(nil)

func newClusterMetrics(registry *prometheus.Registry) *clusterMetrics {
	m := &clusterMetrics{
		members: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "intake_cluster_members",
			Help: "Members of the cluster in this node's current topology.",
		}),
		agreed: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "intake_cluster_topology_agreed",
			Help: "1 when this node is in a topology every member agrees on (it hosts and asks conversations only then), else 0.",
		}),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "intake_cluster_requests_total",
			Help: "Requests to conversations through the cluster, by request (deliver, chat, operate, forget) and outcome (ok, error).",
		}, []string{"request", "outcome"}),
		seconds: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "intake_cluster_request_duration_seconds",
			Help:    "Latency of requests to conversations through the cluster, retries across topology changes included, by request.",
			Buckets: []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30},
		}, []string{"request"}),
	}
	registry.MustRegister(m.members, m.agreed, m.requests, m.seconds)
	return m
}

// Members implements cluster.Metrics.
func (m *clusterMetrics) Members(n int) { m.members.Set(float64(n)) }

// Agreed implements cluster.Metrics.
func (m *clusterMetrics) Agreed(yes bool) {
	v := 0.0
	if yes {
		v = 1
	}
	m.agreed.Set(v)
}

// Request implements cluster.Metrics.
func (m *clusterMetrics) Request(request string, latency time.Duration, ok bool) {
	outcome := "ok"
	if !ok {
		outcome = "error"
	}
	m.requests.WithLabelValues(request, outcome).Inc()
	m.seconds.WithLabelValues(request).Observe(latency.Seconds())
}
