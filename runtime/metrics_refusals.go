package runtime

import "github.com/prometheus/client_golang/prometheus"

// registerRefusals adds the counters of refused credentials: wrong login
// codes by surface, wrong or missing admin API keys by reason. A guesser
// shows as a rising line here before anything else notices.
func (m *Metrics) registerRefusals() {
	m.refusedCodes = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "intake_login_code_refusals_total",
		Help: "Wrong login codes (wrong, expired, or typed while throttled), by surface (atendimento, admin).",
	}, []string{"surface"})
	m.refusedKeys = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "intake_admin_key_refusals_total",
		Help: "Admin API requests refused for their key, by reason (wrong, missing).",
	}, []string{"reason"})
	m.registry.MustRegister(m.refusedCodes, m.refusedKeys)
}

// LoginCodeRefused counts one wrong login code on surface ("atendimento" or
// "admin"; anything else counts as "other", so the series stay few).
func (m *Metrics) LoginCodeRefused(surface string) {
	if m == nil {
		return
	}
	if surface != "atendimento" && surface != "admin" {
		surface = "other"
	}
	m.refusedCodes.WithLabelValues(surface).Inc()
}

// AdminKeyRefused counts one refused admin API key, by reason ("wrong" or
// "missing"; anything else counts as "other").
func (m *Metrics) AdminKeyRefused(reason string) {
	if m == nil {
		return
	}
	if reason != "wrong" && reason != "missing" {
		reason = "other"
	}
	m.refusedKeys.WithLabelValues(reason).Inc()
}
