package reports

import (
	"time"

	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/domain"
)

// Outcome is how far one conversation went, as the funnel counts it.
type Outcome struct {
	Qualified, DataComplete, Registered, HandedOff, Closed, Abandoned bool
}

// Settled reports whether the conversation can no longer change the
// figures of its day: closed, or abandoned.
func (o Outcome) Settled() bool { return o.Closed || o.Abandoned }

// Judge says how far s went by now. Sessions of releases before the
// milestones count by what their state says: qualified once a service was
// identified or data collection began, data complete once COMPLETED or
// handed off for complete data. registered says whether the CRM confirmed
// the lead (its projection); it counts only for data complete sessions.
func Judge(s domain.Session, registered bool, abandonAfter time.Duration, now time.Time) Outcome {
	m := s.Milestones
	o := Outcome{
		Qualified: m.QualifiedAt != nil || s.ServiceIdentified != "" ||
			s.State == domain.StateDataCollect || s.State == domain.StateCompleted,
		DataComplete: m.DataCompleteAt != nil || s.State == domain.StateCompleted ||
			s.HandoffReason == domain.HandoffDataComplete,
		HandedOff: s.HandoffAt != nil,
		Closed:    s.ClosedAt != nil,
	}
	o.Qualified = o.Qualified || o.DataComplete
	o.Registered = o.DataComplete && registered
	last := s.UpdatedAt
	if m.LastCustomerAt != nil {
		last = *m.LastCustomerAt
	}
	o.Abandoned = !o.DataComplete && !o.HandedOff && !o.Closed && now.Sub(last) >= abandonAfter
	return o
}

// Operator is who took the conversation: the operator holding it (a close
// keeps it), or the one who closed it.
func Operator(s domain.Session) string {
	if s.AssignedTo != "" {
		return string(s.AssignedTo)
	}
	return string(s.ClosedBy)
}

// summer sums sessions into cells.
type summer struct {
	hours        businesshours.Hours
	abandonAfter time.Duration
	now          time.Time
	// crm says a CRM registers leads: a data complete conversation the CRM
	// has not confirmed yet is unsettled even when closed.
	crm bool
}

// add counts s, registered or not, into its cell of cells.
func (m summer) add(cells []Cell, s domain.Session, registered bool) []Cell {
	o := Judge(s, registered, m.abandonAfter, m.now)
	c := Cell{Service: string(s.ServiceIdentified), Operator: Operator(s), HandoffWait: Histogram{}, Handling: Histogram{}}
	c.Funnel = Funnel{Conversations: 1, Qualified: count(o.Qualified), DataComplete: count(o.DataComplete),
		Registered: count(o.Registered), HandedOff: count(o.HandedOff), Closed: count(o.Closed), Abandoned: count(o.Abandoned)}
	reply := s.Milestones.FirstOperatorReplyAt
	if s.HandoffAt != nil && reply != nil {
		c.HandoffWait.Add(m.hours.OpenBetween(*s.HandoffAt, *reply))
	}
	if reply != nil && s.ClosedAt != nil {
		c.Handling.Add(m.hours.OpenBetween(*reply, *s.ClosedAt))
	}
	c.Usage = append(c.Usage, s.Milestones.Usage...)
	if s.CSATAnsweredAt != nil && s.CSATScore > 0 {
		c.CSATSum, c.CSATCount = s.CSATScore, 1
	}
	if !o.Settled() || m.crm && o.DataComplete && !o.Registered {
		c.Unsettled = 1
	}
	for i := range cells {
		if cells[i].Service == c.Service && cells[i].Operator == c.Operator {
			cells[i].merge(c)
			return cells
		}
	}
	return append(cells, c)
}

func count(b bool) int {
	if b {
		return 1
	}
	return 0
}
