package runtime

import (
	"errors"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/inbound"
)

// webhookRoutes mounts the platform webhook: the verification handshake,
// signed deliveries and the internal route, both taking messages in through
// one inbound.Acceptor. It is no development surface: it passes the gate.
func (a *App) webhookRoutes() error {
	metrics, err := newWebhookMetrics(a.metrics, a.queue)
	if err != nil {
		return err
	}
	platform, err := newWebhookPlatform(a.cfg, a.now)
	if err != nil {
		return err
	}
	logger := a.logger.Named("webhook")
	acceptor, err := inbound.New(inbound.Config{StoreTimeout: a.cfg.Table.Timeout, MaxAge: a.cfg.Webhook.MaxAge, Now: a.now},
		inbound.Deps{Table: a.table, Queue: a.queue, Metrics: metrics}, logger)
	if err != nil {
		return err
	}
	h, err := webhook.New(webhook.Config{StoreTimeout: a.cfg.Table.Timeout},
		webhook.Deps{Platform: platform, Table: a.table, Inbound: signalledAcceptor{acceptor, a.signals}}, logger)
	if err != nil {
		return err
	}
	h.Register(a.http)
	return nil
}

// webhookMetrics are the collectors of inbound acceptance, registered with the
// application's metrics.
type webhookMetrics struct {
	deferred, stale prometheus.Counter
}

var _ inbound.Metrics = webhookMetrics{}

// pacedQueue is a queue whose consumers may slow down to leave the CPU to
// the webhook (the in-process queue).
type pacedQueue interface{ Paced() bool }

func newWebhookMetrics(m *Metrics, q Queue) (webhookMetrics, error) {
	w := webhookMetrics{
		deferred: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "intake_inbound_deferred_total",
			Help: "Inbound messages recorded while the in-process queue and its overflow were full: acknowledged, and enqueued later by the recovery sweep (RECOVERY_AFTER).",
		}),
		stale: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "intake_inbound_stale_total",
			Help: "Inbound messages older than WEBHOOK_MAX_AGE: acknowledged and dropped, never a turn.",
		}),
	}
	err := errors.Join(m.Registry().Register(w.deferred), m.Registry().Register(w.stale))
	if q, ok := q.(pacedQueue); ok {
		err = errors.Join(err, m.Registry().Register(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "intake_inbound_paced",
			Help: "1 while the in-process queue's consumers are slowed (down to 10 messages a second per lane, in all) because the queue refuses the webhook and the CPU is short, so that the webhook keeps answering at once.",
		}, func() float64 {
			if q.Paced() {
				return 1
			}
			return 0
		})))
	}
	return w, err
}

// InboundDeferred implements inbound.Metrics.
func (w webhookMetrics) InboundDeferred() { w.deferred.Inc() }

// InboundStale implements inbound.Metrics.
func (w webhookMetrics) InboundStale() { w.stale.Inc() }
