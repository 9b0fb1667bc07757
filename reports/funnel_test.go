package reports_test

import (
	"slices"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/redact"
	"github.com/intake-runtime/intake/reports"
)

const (
	op1 = "+5511900000001"
	op2 = "+5511900000002"
)

// seedWeek writes a week of conversations (Sunday 22 to Wednesday 25,
// São Paulo) whose figures the tests below state, and the week's demands.
func seedWeek(t *testing.T, w *world) {
	sp := func(date, clock string) time.Time {
		v, err := time.ParseInLocation("2006-01-02 15:04", date+" "+clock, saoPaulo)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	// Sunday 23:30 local is Monday in UTC: it counts on Sunday.
	w.session(t, sp("2026-11-22", "23:30"), nil)
	w.session(t, sp("2026-11-23", "09:00"), nil) // a greeting, then nothing: abandoned
	two := w.session(t, sp("2026-11-23", "09:10"), func(s *domain.Session) {
		s.ServiceIdentified, s.State, s.AssignedTo = "energia", domain.StateClosed, op1
		s.Milestones.QualifiedAt, s.Milestones.DataCompleteAt = ptr(sp("2026-11-23", "09:20")), ptr(sp("2026-11-23", "09:50"))
		s.HandoffAt, s.Milestones.FirstOperatorReplyAt = ptr(sp("2026-11-23", "10:00")), ptr(sp("2026-11-23", "10:30"))
		s.ClosedAt, s.ClosedBy = ptr(sp("2026-11-23", "11:30")), op1
		s.Milestones.Usage = []domain.ModelUsage{{Model: "gpt-4o-mini-2024-07-18", Calls: 2, TokensInput: 1000, TokensOutput: 500}}
		s.CSATScore, s.CSATAnsweredAt = 5, ptr(sp("2026-11-23", "11:40"))
	})
	w.confirm(t, two)
	w.session(t, sp("2026-11-23", "17:00"), func(s *domain.Session) {
		s.ServiceIdentified, s.State, s.AssignedTo = "energia", domain.StateClosed, op2
		s.Milestones.QualifiedAt, s.Milestones.DataCompleteAt = ptr(sp("2026-11-23", "17:05")), ptr(sp("2026-11-23", "17:20"))
		// 17:30 to 18:00, then 08:00 to 08:30: an hour of business hours.
		s.HandoffAt, s.Milestones.FirstOperatorReplyAt = ptr(sp("2026-11-23", "17:30")), ptr(sp("2026-11-24", "08:30"))
		s.ClosedAt = ptr(sp("2026-11-24", "09:30"))
		s.Milestones.Usage = []domain.ModelUsage{{Model: "unpriced-model", Calls: 1, TokensInput: 100, TokensOutput: 100}}
		s.CSATScore, s.CSATAnsweredAt = 3, ptr(sp("2026-11-24", "09:40"))
	})
	w.session(t, sp("2026-11-24", "10:00"), func(s *domain.Session) {
		s.ServiceIdentified, s.State = "gas", domain.StateDataCollect
		s.Milestones.QualifiedAt = ptr(sp("2026-11-24", "10:05"))
	})
	w.session(t, sp("2026-11-24", "11:00"), func(s *domain.Session) {
		s.State, s.HandoffReason, s.HandoffAt = domain.StateHandoff, domain.HandoffCustomerRequest, ptr(sp("2026-11-24", "11:01"))
	})
	// A record of a release before the milestones: COMPLETED, confirmed.
	old := w.session(t, sp("2026-11-25", "10:00"), func(s *domain.Session) {
		s.ServiceIdentified, s.State, s.Milestones = "energia", domain.StateCompleted, domain.Milestones{}
	})
	w.confirm(t, old)
	w.demand(t, sp("2026-11-23", "10:00"), "Conserto de geladeira")
	w.demand(t, sp("2026-11-24", "10:00"), "geladeira: conserto")
	w.demand(t, sp("2026-11-25", "10:00"), "conserto geladeira frost free")
	w.demand(t, sp("2026-11-25", "11:00"), "limpeza de sofá")
}

// friday is when the tests read the week: Friday 27, 15:00 in São Paulo.
var friday = time.Date(2026, 11, 27, 18, 0, 0, 0, time.UTC)

func TestReportSumsTheFunnelTheWaitsAndTheCost(t *testing.T) {
	w := newWorld(t, friday)
	seedWeek(t, w)
	if err := w.rollup.Refresh(t.Context()); err != nil {
		t.Fatal(err)
	}
	w.table.Reads.Store(0)
	r := w.report(t, reports.Query{From: spDay("2026-11-22"), To: spDay("2026-11-27")})
	if n := w.table.Reads.Load(); n != 2 {
		t.Errorf("a report read the table %d times, want 2 (the days, the marker)", n)
	}
	want := reports.Funnel{Conversations: 7, Qualified: 4, DataComplete: 3, Registered: 2, HandedOff: 3, Closed: 2, Abandoned: 3}
	if r.Total.Funnel != want {
		t.Errorf("total funnel = %+v\nwant %+v", r.Total.Funnel, want)
	}
	var perDay []int
	for _, p := range r.Periods {
		perDay = append(perDay, p.Funnel.Conversations)
	}
	if !slices.Equal(perDay, []int{1, 3, 2, 1, 0, 0}) || r.Periods[0].Start != "2026-11-22" {
		t.Errorf("conversations per day from %s = %v, want [1 3 2 1 0 0] from 2026-11-22", r.Periods[0].Start, perDay)
	}
	// The waits: 30 min and one business hour (across a night).
	if w := r.Total.HandoffWait; w.Count != 2 {
		t.Errorf("handoff wait over %d conversations, want 2", w.Count)
	} else {
		near(t, "wait p50", *w.P50, 1800)
		near(t, "wait p90", *w.P90, 3600)
	}
	if h := r.Total.Handling; h.Count != 2 {
		t.Errorf("handling over %d conversations, want 2", h.Count)
	} else {
		near(t, "handling p50", *h.P50, 3600)
	}
	// The snapshot takes its family's price; the unpriced model costs nothing.
	u := r.Total.Usage
	if u.Calls != 3 || u.TokensInput != 1100 || u.Cost == nil || *u.Cost != 0.002 || *u.PerRegistered != 0.001 {
		t.Errorf("usage = %+v (cost %v), want 3 calls, 1100 tokens in, cost 0.002, 0.001 per registered", u, deref(u.Cost))
	}
	if r.Currency != "USD" || r.TimeZone != "America/Sao_Paulo" || r.UpdatedAt == nil || !r.UpdatedAt.Equal(friday) {
		t.Errorf("currency %q, zone %q, updated %v", r.Currency, r.TimeZone, r.UpdatedAt)
	}
	// Maria is in the roster; the other operator shows masked.
	if len(r.Operators) != 2 || r.Operators[0].Name != "Maria" || r.Operators[1].Name != redact.MaskPhone(op2) || *r.Operators[0].CSATAverage != 5 || *r.Operators[1].CSATAverage != 3 {
		t.Errorf("operators = %+v", r.Operators)
	}
	var services []string
	for _, s := range r.Services {
		services = append(services, s.Service+"="+s.Label)
	}
	if !slices.Equal(services, []string{"=Label of ", "energia=Label of energia", "gas=Label of gas"}) {
		t.Errorf("services = %q", services)
	}
	// "conserto geladeira" twice in other words and once with more words:
	// one group of three; the sofa on its own.
	if len(r.Demands) != 2 || r.Demands[0].Count != 3 || len(r.Demands[0].Examples) != 2 || r.Demands[1].Text != "limpeza de sofá" {
		t.Errorf("demands = %+v", r.Demands)
	}
	if n := w.table.Scans.Load(); n != 0 {
		t.Errorf("the rollup and the report scanned the table %d times", n)
	}
}

func deref(f *float64) any {
	if f == nil {
		return nil
	}
	return *f
}

// A filter keeps the cells of one service or one operator; weeks start on
// Monday and every period of the range is there, zero when empty.
func TestReportFiltersAndWeeks(t *testing.T) {
	w := newWorld(t, friday)
	seedWeek(t, w)
	if err := w.rollup.Refresh(t.Context()); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name          string
		q             reports.Query
		conversations int
		periods       []string
	}{
		{"a service", reports.Query{From: spDay("2026-11-22"), To: spDay("2026-11-27"), Service: "energia"}, 3, nil},
		{"an operator", reports.Query{From: spDay("2026-11-22"), To: spDay("2026-11-27"), Operator: op2}, 1, nil},
		{"an unknown service", reports.Query{From: spDay("2026-11-22"), To: spDay("2026-11-27"), Service: "nada"}, 0, nil},
		{"weeks", reports.Query{From: spDay("2026-11-20"), To: spDay("2026-11-30"), By: reports.ByWeek}, 7,
			[]string{"2026-11-16", "2026-11-23", "2026-11-30"}},
		{"a range before any rollup", reports.Query{From: spDay("2026-10-01"), To: spDay("2026-10-03")}, 0,
			[]string{"2026-10-01", "2026-10-02", "2026-10-03"}},
	} {
		r := w.report(t, c.q)
		if r.Total.Funnel.Conversations != c.conversations {
			t.Errorf("%s: %d conversations, want %d", c.name, r.Total.Funnel.Conversations, c.conversations)
		}
		if c.periods != nil {
			var starts []string
			for _, p := range r.Periods {
				starts = append(starts, p.Start)
			}
			if !slices.Equal(starts, c.periods) {
				t.Errorf("%s: periods %q, want %q", c.name, starts, c.periods)
			}
		}
	}
	weeks := w.report(t, reports.Query{From: spDay("2026-11-20"), To: spDay("2026-11-30"), By: reports.ByWeek})
	if got := weeks.Periods[1].Funnel.Conversations; got != 6 {
		t.Errorf("week of 23 November: %d conversations, want 6 (Sunday 22 is the week before)", got)
	}
}
