package admin

import (
	"context"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// Overview is the admin home page: the conversations going on, the handoff
// queue and the CRM backlog.
type Overview struct {
	// States counts the sessions their phone's pointer names by state, in
	// the state machine's order (domain.States, the dashboard's list
	// too), zeros included; CLOSED ones are not active.
	States []Count `json:"states"`
	// Active counts those sessions that are not CLOSED.
	Active int `json:"active"`
	// Handoffs are the conversations waiting for an operator, longest
	// waiting first (the handoff index's order).
	Handoffs []QueuedHandoff `json:"handoffs"`
	// Projections counts CRM projections by status.
	Projections []Count  `json:"projections"`
	Scan        ScanInfo `json:"scan"`
	// Retention says what is kept and for how long, a line per kind.
	Retention []string `json:"-"`
}

// Count is one labelled number.
type Count struct {
	Label string `json:"label"`
	N     int    `json:"n"`
}

// QueuedHandoff is one conversation waiting in the handoff queue.
type QueuedHandoff struct {
	PhoneNumber string               `json:"phone_number"`
	SessionID   string               `json:"session_id"`
	Reason      domain.HandoffReason `json:"handoff_reason"`
	// Since is when the conversation entered the queue.
	Since           time.Time `json:"since"`
	Waiting         string    `json:"waiting"`
	Renotifications int       `json:"handoff_renotification_count"`
	// WaitingFor is Waiting for the page, which says it in words.
	WaitingFor time.Duration `json:"-"`
}

var statusOrder = []persistence.ProjectionStatus{
	persistence.ProjectionPending, persistence.ProjectionUncertain,
	persistence.ProjectionBlocked, persistence.ProjectionSynced,
}

// overview scans sessions, active pointers and projections (see the package
// doc on scans); the handoff queue comes from its index.
func (h *Handler) overview(ctx context.Context) (Overview, error) {
	pointers := map[string]string{} // phone → active session ID
	var sessions []domain.Session
	statuses := map[persistence.ProjectionStatus]int{}
	filter := persistence.Or(
		persistence.Exists("state"), // sessions (messages hold state_before/state_after)
		persistence.Exists("status"),
		persistence.ActivePointers(),
	)
	info, err := scan(ctx, h.table, &filter, func(item persistence.Item) error {
		switch persistence.KindOf(item) {
		case persistence.KindActivePointer:
			phone, id := persistence.DecodeActivePointer(item)
			pointers[phone] = id
		case persistence.KindSession:
			s, err := persistence.DecodeSession(item)
			if err != nil {
				return err
			}
			sessions = append(sessions, s)
		case persistence.KindProjection:
			p, err := persistence.DecodeProjection(item)
			if err != nil {
				return err
			}
			statuses[p.Status]++
		}
		return nil
	})
	if err != nil {
		return Overview{}, err
	}
	now := h.cfg.Now()
	o := Overview{Scan: info, Handoffs: []QueuedHandoff{}}
	byState := map[domain.SessionState]int{}
	for _, s := range sessions {
		if pointers[s.PhoneNumber] != s.SessionID {
			continue
		}
		byState[s.State]++
		if s.State != domain.StateClosed {
			o.Active++
		}
	}
	queue, err := persistence.NewHandoffQueue(h.table).List(ctx)
	if err != nil {
		return Overview{}, err
	}
	for _, s := range queue {
		if !s.Waiting() {
			continue // HUMAN: an operator holds it
		}
		o.Handoffs = append(o.Handoffs, QueuedHandoff{
			PhoneNumber:     s.PhoneNumber,
			SessionID:       s.SessionID,
			Reason:          s.HandoffReason,
			Since:           s.HandoffSince(),
			Waiting:         since(now, s.HandoffSince()),
			WaitingFor:      now.Sub(s.HandoffSince()),
			Renotifications: s.HandoffRenotificationCount,
		})
	}
	// Every state, in the one list the dashboard's badges show too; CLOSED
	// counts the phones whose latest conversation closed (not active).
	for _, st := range domain.States() {
		o.States = append(o.States, Count{Label: string(st), N: byState[st]})
		delete(byState, st)
	}
	for st, n := range byState { // states this page does not know yet
		o.States = append(o.States, Count{Label: string(st), N: n})
	}
	for _, st := range statusOrder {
		o.Projections = append(o.Projections, Count{Label: string(st), N: statuses[st]})
	}
	return o, nil
}

// since renders how long ago t was, rounded for people.
func since(now, t time.Time) string {
	d := now.Sub(t)
	switch {
	case d < 0:
		return "0s"
	case d < time.Minute:
		return d.Round(time.Second).String()
	default:
		return d.Round(time.Minute).String()
	}
}
