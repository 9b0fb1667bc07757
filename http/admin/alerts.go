package admin

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// Alert kinds.
const (
	AlertProjectionBlocked   = "projection_blocked"
	AlertProjectionUncertain = "projection_uncertain"
	// AlertHandoffUnattended: a queued handoff got every reminder
	// (HANDOFF_MAX_RENOTIFICATIONS) and waited HANDOFF_RENOTIFY_AFTER more.
	AlertHandoffUnattended = "handoff_unattended"
	// AlertModelFailure: a logged message with an error other than
	// superseded (and not a send failure).
	AlertModelFailure = "model_failure"
	// AlertSendFailure: a reply the platform refused for good (its outbox
	// entry failed), or later reported failed.
	AlertSendFailure = "send_failure"
)

// MaxAlerts bounds the alerts one report lists (newest first); Counts still
// counts them all.
const MaxAlerts = 500

// Alert is one thing that needs a person.
type Alert struct {
	Kind        string    `json:"kind"`
	At          time.Time `json:"at"`
	SessionID   string    `json:"session_id,omitempty"`
	PhoneNumber string    `json:"phone_number,omitempty"`
	MessageID   string    `json:"message_id,omitempty"`
	Detail      string    `json:"detail"`
	// Waited, Reminders and Reason are a handoff_unattended's detail for
	// the page, which says it in words (the API has Detail).
	Waited    time.Duration        `json:"-"`
	Reminders int                  `json:"-"`
	Reason    domain.HandoffReason `json:"-"`
}

// AlertReport lists alerts newest first, with a count per kind.
type AlertReport struct {
	Alerts []Alert        `json:"alerts"`
	Counts map[string]int `json:"counts"`
	Scan   ScanInfo       `json:"scan"`
}

// alerts reads BLOCKED and UNCERTAIN projections from the status index and
// waiting handoffs from the handoff index, and scans for failed messages
// (see the package doc).
func (h *Handler) alerts(ctx context.Context) (AlertReport, error) {
	r := AlertReport{Alerts: []Alert{}, Counts: map[string]int{
		AlertProjectionBlocked: 0, AlertProjectionUncertain: 0, AlertHandoffUnattended: 0,
		AlertModelFailure: 0, AlertSendFailure: 0,
	}}
	for status, kind := range map[persistence.ProjectionStatus]string{
		persistence.ProjectionBlocked:   AlertProjectionBlocked,
		persistence.ProjectionUncertain: AlertProjectionUncertain,
	} {
		ps, err := h.projections.InStatus(ctx, status)
		if err != nil {
			return AlertReport{}, err
		}
		for _, p := range ps {
			r.add(Alert{Kind: kind, At: p.UpdatedAt, SessionID: p.SessionID, Detail: projectionDetail(p)})
		}
	}
	queue, err := persistence.NewHandoffQueue(h.table).List(ctx)
	if err != nil {
		return AlertReport{}, err
	}
	now := h.cfg.Now()
	for _, s := range queue {
		if a, ok := h.unattended(s, now); ok {
			r.add(a)
		}
	}
	filter := persistence.Or(
		persistence.Exists("error"),
		persistence.Equal("delivery_status", string(domain.DeliveryFailed)),
	)
	info, err := scan(ctx, h.table, &filter, func(item persistence.Item) error {
		if persistence.KindOf(item) != persistence.KindMessage {
			return nil
		}
		m, err := persistence.DecodeMessage(item)
		if err != nil {
			return err
		}
		if a, ok := messageAlert(m); ok {
			r.add(a)
		}
		return nil
	})
	if err != nil {
		return AlertReport{}, err
	}
	r.Scan = info
	slices.SortStableFunc(r.Alerts, func(a, b Alert) int { return b.At.Compare(a.At) })
	if len(r.Alerts) > MaxAlerts {
		r.Alerts = r.Alerts[:MaxAlerts]
	}
	return r, nil
}

func (r *AlertReport) add(a Alert) {
	r.Alerts = append(r.Alerts, a)
	r.Counts[a.Kind]++
}

// unattended reports a handoff that no reminder is left to rescue: it got
// HANDOFF_MAX_RENOTIFICATIONS reminders (none when 0) and waited
// HANDOFF_RENOTIFY_AFTER after the last notice without an operator.
func (h *Handler) unattended(s domain.Session, now time.Time) (Alert, bool) {
	if !s.Waiting() || s.AssignedTo != "" || s.HandoffRenotificationCount < h.cfg.MaxRenotifications {
		return Alert{}, false
	}
	last := s.HandoffSince()
	if s.HandoffRenotifiedAt != nil && s.HandoffRenotifiedAt.After(last) {
		last = *s.HandoffRenotifiedAt
	}
	if now.Sub(last) < h.cfg.RenotifyAfter {
		return Alert{}, false
	}
	return Alert{
		Kind: AlertHandoffUnattended, At: last, SessionID: s.SessionID, PhoneNumber: s.PhoneNumber,
		Detail: fmt.Sprintf("waiting %s for an operator after %d reminders (reason %s)",
			since(now, s.HandoffSince()), s.HandoffRenotificationCount, reasonCode(s.HandoffReason)),
		Waited: now.Sub(s.HandoffSince()), Reminders: s.HandoffRenotificationCount, Reason: s.HandoffReason,
	}, true
}

// messageAlert classifies a logged message with a problem.
func messageAlert(m domain.Message) (Alert, bool) {
	a := Alert{At: m.Timestamp, SessionID: m.SessionID, PhoneNumber: m.PhoneNumber, MessageID: m.MessageID}
	switch {
	case m.Direction == domain.DirectionOutbound && m.DeliveryStatus == domain.DeliveryFailed:
		a.Kind, a.Detail = AlertSendFailure, "the platform reported the message failed"
		if m.DeliveryUpdatedAt != nil {
			a.At = *m.DeliveryUpdatedAt
		}
	case m.OutboxStatus == domain.OutboxFailed:
		a.Kind, a.Detail = AlertSendFailure, m.Error
	case m.Unfinished():
		return Alert{}, false // still being sent; its error is the last attempt's
	case m.Error != "" && !m.IsSuperseded():
		a.Kind, a.Detail = AlertModelFailure, m.Error
		if m.Agent != "" {
			a.Detail = string(m.Agent) + ": " + a.Detail
		}
	default:
		return Alert{}, false
	}
	return a, true
}

func projectionDetail(p persistence.CRMProjection) string {
	d := fmt.Sprintf("%d attempts", p.Attempts)
	if p.LastErrorKind != "" {
		d += ", " + string(p.LastErrorKind)
	}
	if p.LastError != "" {
		d += ": " + p.LastError
	}
	return d
}

// reasonCode is a reason as the API's alert details name it.
func reasonCode(r domain.HandoffReason) string {
	if r == "" {
		return "unknown"
	}
	return string(r)
}
