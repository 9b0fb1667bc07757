package runtime

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/adaptor"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// Metrics are Intake's Prometheus collectors, on a registry of their own
// (never the global one, so two Apps in one test process do not collide and
// no library registers into our /metrics behind our back). GET /metrics
// serves them in the Prometheus text format.
//
// The recording methods are safe for concurrent use and do nothing on a nil
// *Metrics, so a component whose metrics are not wired still runs. Every
// label value is mapped onto a fixed set (outcomes, error kinds, surfaces);
// only the model name comes from configuration. So the series stay few.
type Metrics struct {
	registry *prometheus.Registry

	httpRequests   *prometheus.CounterVec
	turns          *prometheus.CounterVec
	modelCalls     *prometheus.CounterVec
	modelTokens    *prometheus.CounterVec
	modelSeconds   *prometheus.HistogramVec
	debounceMerged prometheus.Counter
	sends          *prometheus.CounterVec
	uncertain      prometheus.Counter
	actors         prometheus.Gauge
	refusedCodes   *prometheus.CounterVec
	refusedKeys    *prometheus.CounterVec
	// The service's latencies (metrics_latency.go).
	httpSeconds     *prometheus.HistogramVec
	replySeconds    prometheus.Histogram
	handoffWait     prometheus.Histogram
	externalSeconds *prometheus.HistogramVec
}

// NewMetrics returns the collectors, registered with the Go runtime and
// process collectors and with the projection and handoff queue gauges, which
// are read from the table's indexes at each scrape.
func NewMetrics(table persistence.Table) *Metrics {
	m := newMetrics()
	m.watchTable(table)
	return m
}

// watchTable registers the gauges read from table at each scrape. New
// calls it once the table is open: the table's own client is measured by
// the collectors, so they exist before it.
func (m *Metrics) watchTable(table persistence.Table) {
	m.registry.MustRegister(cachedScrape(newProjectionCollector(table)), cachedScrape(newHandoffCollector(table)))
}

// newMetrics returns the collectors that need no table.
func newMetrics() *Metrics {
	m := &Metrics{
		registry: prometheus.NewRegistry(),
		httpRequests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "intake_http_requests_total",
			Help: "HTTP requests answered, by surface (webhook, atendimento, admin_api, admin, chat, dashboard, ops, other) and status code.",
		}, []string{"surface", "code"}),
		turns: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "intake_turns_total",
			Help: "Conversation turns, by outcome (replied, silent, superseded, failed, other).",
		}, []string{"outcome"}),
		modelCalls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "intake_model_calls_total",
			Help: "Language-model calls, by model and outcome (ok, error).",
		}, []string{"model", "outcome"}),
		modelTokens: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "intake_model_tokens_total",
			Help: "Language-model tokens, by model and kind (input, output).",
		}, []string{"model", "kind"}),
		modelSeconds: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "intake_model_call_duration_seconds",
			Help:    "Language-model call latency, by model.",
			Buckets: []float64{0.25, 0.5, 1, 2, 4, 8, 16, 32, 64},
		}, []string{"model"}),
		debounceMerged: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "intake_debounce_merged_messages_total",
			Help: "Customer messages merged into a turn that another message opened (one model call saved each).",
		}),
		sends: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "intake_sends_total",
			Help: "Replies, by final outcome (sent, transient, permanent, uncertain, unknown).",
		}, []string{"outcome"}),
		uncertain: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "intake_outbox_uncertain_total",
			Help: "Replies sent again because an earlier call's outcome is unknown (the process died or the call timed out during it): the only source of a duplicate reply.",
		}),
		actors: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "intake_session_actors",
			Help: "Session actors running (conversations in memory).",
		}),
	}
	m.registry.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.httpRequests, m.turns, m.modelCalls, m.modelTokens, m.modelSeconds,
		m.debounceMerged, m.sends, m.uncertain, m.actors,
	)
	m.registerRefusals()
	m.registerLatencies()
	return m
}

// Registry is the metrics' registry, for tests and for adding collectors.
func (m *Metrics) Registry() *prometheus.Registry { return m.registry }

// The outcomes of intake_turns_total. They are untyped strings so that the
// session actor, which must not import runtime, can declare its own metrics
// interface over plain types.
const (
	// TurnReplied: the turn was committed and a reply went to the customer.
	TurnReplied = "replied"
	// TurnSilent: the turn was committed without a reply (an operator holds
	// the conversation).
	TurnSilent = "silent"
	// TurnSuperseded: newer messages arrived during the model call; the turn
	// reruns with them.
	TurnSuperseded = "superseded"
	// TurnFailed: the turn could not be committed; its messages stay buffered.
	TurnFailed = "failed"
)

// Turn counts one finished turn by its outcome, one of the Turn* constants;
// any other value counts as "other", so a typo cannot grow the series.
func (m *Metrics) Turn(outcome string) {
	if m == nil {
		return
	}
	switch outcome {
	case TurnReplied, TurnSilent, TurnSuperseded, TurnFailed:
	default:
		outcome = "other"
	}
	m.turns.WithLabelValues(outcome).Inc()
}

// ModelCall counts one language-model call of model (the configured name,
// not the provider's dated snapshot, to keep the series few): its outcome,
// tokens and latency. Failed calls may still report tokens.
func (m *Metrics) ModelCall(model string, ok bool, tokensIn, tokensOut int, latency time.Duration) {
	if m == nil {
		return
	}
	outcome := "ok"
	if !ok {
		outcome = "error"
	}
	m.modelCalls.WithLabelValues(model, outcome).Inc()
	m.modelTokens.WithLabelValues(model, "input").Add(float64(max(tokensIn, 0)))
	m.modelTokens.WithLabelValues(model, "output").Add(float64(max(tokensOut, 0)))
	m.modelSeconds.WithLabelValues(model).Observe(latency.Seconds())
}

// DebounceMerged counts n customer messages merged into a turn beyond the
// first one: a flush of 3 buffered messages is DebounceMerged(2).
func (m *Metrics) DebounceMerged(n int) {
	if m == nil || n <= 0 {
		return
	}
	m.debounceMerged.Add(float64(n))
}

// Sent counts one outbound send by its result: "" (the spec's null) is a
// success, otherwise the adapter's error kind.
func (m *Metrics) Sent(kind domain.ErrorKind) {
	if m == nil {
		return
	}
	outcome := "sent"
	switch kind {
	case domain.ErrorKindTransient, domain.ErrorKindPermanent, domain.ErrorKindUncertain:
		outcome = string(kind)
	case "":
	default:
		outcome = "unknown"
	}
	m.sends.WithLabelValues(outcome).Inc()
}

// OutboxUncertain counts one reply sent again after an unknown outcome.
func (m *Metrics) OutboxUncertain() {
	if m != nil {
		m.uncertain.Inc()
	}
}

// ActorStarted and ActorStopped track the running session actors.
func (m *Metrics) ActorStarted() {
	if m != nil {
		m.actors.Inc()
	}
}

// ActorStopped: see ActorStarted.
func (m *Metrics) ActorStopped() {
	if m != nil {
		m.actors.Dec()
	}
}

// HTTP is the middleware that counts every request by surface and status
// and times it by route pattern, method and status. It must run before the
// development gate, so that gated 404s count too.
func (m *Metrics) HTTP() fiber.Handler {
	return func(c *fiber.Ctx) error {
		start, own := time.Now(), c.Route()
		err := c.Next()
		code := c.Response().StatusCode()
		if err != nil { // the app's error handler writes the status after us
			code = fiber.StatusInternalServerError
			var fe *fiber.Error
			if errors.As(err, &fe) {
				code = fe.Code
			}
		}
		if m != nil {
			status := strconv.Itoa(code)
			m.httpRequests.WithLabelValues(surface(c.Path()), status).Inc()
			m.httpSeconds.WithLabelValues(routeOf(c, own, err), methodOf(c), status).Observe(time.Since(start).Seconds())
		}
		return err
	}
}

// surface names the part of the application a path belongs to; a bounded
// label, unlike the path.
func surface(p string) string {
	p = strings.ToLower(p)
	for _, s := range []struct{ prefix, name string }{
		{"/webhook", "webhook"},
		{"/atendimento", "atendimento"},
		{"/admin/api", "admin_api"},
		{"/admin", "admin"},
		{"/chat", "chat"},
		{"/dashboard", "dashboard"},
		{"/healthz", "ops"},
		{"/readyz", "ops"},
		{"/metrics", "ops"},
	} {
		if strings.HasPrefix(p, s.prefix) {
			return s.name
		}
	}
	if p == "/" || p == "/media" {
		return "dashboard"
	}
	return "other"
}

// Handler serves the registry in the Prometheus exposition format. A
// collector that fails (the table did not answer) drops its own series and
// is logged; the others are still served.
func (m *Metrics) Handler(logger *zap.Logger) fiber.Handler {
	return adaptor.HTTPHandler(promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{
		ErrorLog:      zapPrintln{logger},
		ErrorHandling: promhttp.ContinueOnError,
		Registry:      m.registry, // promhttp_metric_handler_errors_total
	}))
}

// zapPrintln is promhttp's error logger over zap.
type zapPrintln struct{ logger *zap.Logger }

func (z zapPrintln) Println(v ...any) { z.logger.Warn("metrics: " + fmt.Sprint(v...)) }

// Metrics are the application's collectors; components record into them.
func (a *App) Metrics() *Metrics { return a.metrics }
