package reports_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/reports"
)

var (
	t0           = time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC) // a Monday, 09:00 in São Paulo
	abandonAfter = 24 * time.Hour
)

func at(d time.Duration) *time.Time {
	t := t0.Add(d)
	return &t
}

// The funnel's steps, as Judge applies them to one conversation: with the
// milestones a session of this release records, and by state for sessions
// of releases before them.
func TestJudgeCountsEachStepOfTheFunnel(t *testing.T) {
	now := t0.Add(48 * time.Hour)
	for _, c := range []struct {
		name       string
		session    func(s *domain.Session)
		registered bool
		want       reports.Outcome
	}{
		{"a greeting, then silence for a day: abandoned", func(s *domain.Session) {
			s.Milestones.LastCustomerAt = at(time.Minute)
		}, false, reports.Outcome{Abandoned: true}},
		{"quiet for less than ABANDON_AFTER: not yet abandoned", func(s *domain.Session) {
			s.Milestones.LastCustomerAt = at(30 * time.Hour)
		}, false, reports.Outcome{}},
		{"without a customer message recorded, its last update counts", func(s *domain.Session) {
			s.UpdatedAt = t0.Add(40 * time.Hour)
		}, false, reports.Outcome{}},
		{"qualified, then silence: qualified and abandoned", func(s *domain.Session) {
			s.Milestones.QualifiedAt = at(time.Minute)
			s.Milestones.LastCustomerAt = at(time.Minute)
		}, false, reports.Outcome{Qualified: true, Abandoned: true}},
		{"data complete is never abandoned, and registered once the CRM confirms", func(s *domain.Session) {
			s.Milestones.QualifiedAt, s.Milestones.DataCompleteAt = at(time.Minute), at(time.Hour)
			s.Milestones.LastCustomerAt = at(time.Hour)
		}, true, reports.Outcome{Qualified: true, DataComplete: true, Registered: true}},
		{"a confirmed projection does not make an incomplete lead registered", func(s *domain.Session) {
			s.Milestones.QualifiedAt = at(time.Minute)
			s.Milestones.LastCustomerAt = at(47 * time.Hour)
		}, true, reports.Outcome{Qualified: true}},
		{"handed off before qualifying: handed off, not abandoned", func(s *domain.Session) {
			s.HandoffAt = at(time.Minute)
			s.Milestones.LastCustomerAt = at(time.Minute)
		}, false, reports.Outcome{HandedOff: true}},
		{"closed", func(s *domain.Session) {
			s.Milestones.QualifiedAt, s.HandoffAt, s.ClosedAt = at(time.Minute), at(time.Hour), at(2*time.Hour)
		}, false, reports.Outcome{Qualified: true, HandedOff: true, Closed: true}},
		{"older record in DATA_COLLECT: qualified", func(s *domain.Session) {
			s.State = domain.StateDataCollect
			s.UpdatedAt = now
		}, false, reports.Outcome{Qualified: true}},
		{"older record with a service identified: qualified", func(s *domain.Session) {
			s.ServiceIdentified = "energia"
			s.UpdatedAt = now
		}, false, reports.Outcome{Qualified: true}},
		{"older record COMPLETED: data complete", func(s *domain.Session) {
			s.State = domain.StateCompleted
		}, true, reports.Outcome{Qualified: true, DataComplete: true, Registered: true}},
		{"older record handed off for complete data, then closed", func(s *domain.Session) {
			s.State, s.HandoffReason, s.HandoffAt, s.ClosedAt = domain.StateClosed, domain.HandoffDataComplete, at(time.Hour), at(2*time.Hour)
		}, false, reports.Outcome{Qualified: true, DataComplete: true, HandedOff: true, Closed: true}},
		{"older record in QUALIFYING, quiet for two days: abandoned", func(s *domain.Session) {
			s.State = domain.StateQualifying
		}, false, reports.Outcome{Abandoned: true}},
	} {
		s := domain.NewSession("s1", "+5511999990001", "instance_a", t0)
		c.session(&s)
		if got := reports.Judge(s, c.registered, abandonAfter, now); got != c.want {
			t.Errorf("%s: Judge = %+v, want %+v", c.name, got, c.want)
		}
	}
}

// The operator of a conversation is who holds it; a close keeps the holder,
// and the one who closed it stands in when nobody holds it.
func TestOperatorIsTheHolderOrTheCloser(t *testing.T) {
	s := domain.NewSession("s1", "+5511999990001", "instance_a", t0)
	if got := reports.Operator(s); got != "" {
		t.Errorf("untaken: %q", got)
	}
	s.ClosedBy = "+5511900000002"
	if got := reports.Operator(s); got != "+5511900000002" {
		t.Errorf("closed, nobody holding: %q", got)
	}
	s.AssignedTo = "+5511900000001"
	if got := reports.Operator(s); got != "+5511900000001" {
		t.Errorf("held: %q", got)
	}
}
