package runtime

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/prometheus/client_golang/prometheus"
)

// registerLatencies adds the histograms of how long the service makes
// people and systems wait: HTTP requests, a customer's message until its
// reply is sent, a handed-off customer until an operator writes, and each
// call to an outside system.
func (m *Metrics) registerLatencies() {
	m.httpSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "intake_http_request_duration_seconds",
		Help:    "HTTP request latency, by route pattern (\"unmatched\" when no route answered), method and status code.",
		Buckets: []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10},
	}, []string{"route", "method", "status"})
	m.replySeconds = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "intake_message_reply_seconds",
		Help:    "From the webhook's acceptance of a customer message (the earliest of a merged turn) to its reply's successful send.",
		Buckets: []float64{0.5, 1, 2, 4, 8, 15, 30, 60, 120, 300},
	})
	m.handoffWait = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name:    "intake_handoff_wait_seconds",
		Help:    "From a conversation's handoff to the first message an operator sends its customer.",
		Buckets: []float64{30, 60, 120, 300, 600, 1800, 3600, 7200, 14400, 43200, 86400},
	})
	m.externalSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "intake_external_call_duration_seconds",
		Help:    "Calls to outside systems, by system (model, messaging, crm, erp, dynamodb, sqs, ses) and outcome (ok, error).",
		Buckets: []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60},
	}, []string{"system", "outcome"})
	m.registry.MustRegister(m.httpSeconds, m.replySeconds, m.handoffWait, m.externalSeconds)
}

// Replied observes the time from a customer message's acceptance to the
// successful send of the reply it got. A zero acceptance (a turn stored by
// an older release, or a conversation that did not keep it across a
// restart) is not observed.
func (m *Metrics) Replied(acceptedAt, sentAt time.Time) {
	if m == nil || acceptedAt.IsZero() {
		return
	}
	m.replySeconds.Observe(max(sentAt.Sub(acceptedAt), 0).Seconds())
}

// OperatorReplied observes a handoff's wait: from handedOffAt to the first
// message an operator sent the customer, at sentAt.
func (m *Metrics) OperatorReplied(handedOffAt, sentAt time.Time) {
	if m == nil || handedOffAt.IsZero() {
		return
	}
	m.handoffWait.Observe(max(sentAt.Sub(handedOffAt), 0).Seconds())
}

// The systems of intake_external_call_duration_seconds.
const (
	SystemModel     = "model"
	SystemMessaging = "messaging"
	SystemCRM       = "crm"
	SystemERP       = "erp"
	SystemDynamoDB  = "dynamodb"
	SystemSQS       = "sqs"
	SystemSES       = "ses"
)

// ExternalCall observes one call to system, one of the System* constants
// (anything else counts as "other"), and whether it succeeded.
func (m *Metrics) ExternalCall(system string, ok bool, latency time.Duration) {
	if m == nil {
		return
	}
	switch system {
	case SystemModel, SystemMessaging, SystemCRM, SystemERP, SystemDynamoDB, SystemSQS, SystemSES:
	default:
		system = "other"
	}
	outcome := "ok"
	if !ok {
		outcome = "error"
	}
	m.externalSeconds.WithLabelValues(system, outcome).Observe(latency.Seconds())
}

// routeOf is the route pattern that answered c ("/admin/api/people/:phone"),
// never the path, so the label has as many values as there are routes. own
// is the route of the measuring middleware: a request no later route took
// (the router's "Cannot GET" 404, or the development gate's) is
// "unmatched"; one a group's middleware answered itself (a refused key)
// carries that group's prefix.
func routeOf(c *fiber.Ctx, own *fiber.Route, err error) string {
	var fe *fiber.Error
	if r := c.Route(); r != own && (!errors.As(err, &fe) || fe.Code != fiber.StatusNotFound || !strings.HasPrefix(fe.Message, "Cannot ")) {
		return r.Path
	}
	return "unmatched"
}

// methodOf is the request's method when it is a standard one, else "other".
// It returns constants: fiber's method string may reuse the request's
// buffer, which a label kept in the registry must not.
func methodOf(c *fiber.Ctx) string {
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodDelete, http.MethodPatch,
		http.MethodHead, http.MethodOptions} {
		if c.Method() == m {
			return m
		}
	}
	return "other"
}
