package reports_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/persistence/persistencetest"
	"github.com/intake-runtime/intake/reports"
)

var saoPaulo = func() *time.Location {
	z, err := time.LoadLocation("America/Sao_Paulo")
	if err != nil {
		panic(err)
	}
	return z
}()

// spDay is 00:00 of a São Paulo date in the week of Monday 2026-11-23.
func spDay(date string) time.Time {
	t, err := time.ParseInLocation(time.DateOnly, date, saoPaulo)
	if err != nil {
		panic(err)
	}
	return t
}

// world is a table with the rollup and the store over it.
type world struct {
	table  *persistencetest.CountingTable
	rollup *reports.Rollup
	store  *reports.Store
	now    time.Time
	n      int
}

func newWorld(t *testing.T, now time.Time) *world {
	t.Helper()
	table := &persistencetest.CountingTable{Table: memory.New(memory.WithClock(func() time.Time { return now }))}
	days := persistence.NewReportDays(table)
	hours, err := businesshours.Parse("mon-fri 08:00-18:00", saoPaulo)
	if err != nil {
		t.Fatal(err)
	}
	w := &world{table: table, now: now}
	w.rollup = &reports.Rollup{
		Sessions: persistence.NewSessions(table), Projections: persistence.NewProjections(table),
		Demands: persistence.NewDemands(table), Days: days,
		Hours: func() businesshours.Hours { return hours }, Zone: saoPaulo,
		AbandonAfter: abandonAfter, Interval: 10 * time.Minute, Now: func() time.Time { return w.now },
	}
	w.store = &reports.Store{Days: days, Zone: saoPaulo,
		Prices: map[string]reports.Price{"gpt-4o-mini": {Input: 1, Output: 2}},
		Names: func(context.Context) (map[string]string, error) {
			return map[string]string{op1: "Maria"}, nil
		},
		Label: func(service string) string { return "Label of " + service },
	}
	return w
}

// session creates a conversation started at created, shaped by edit.
func (w *world) session(t *testing.T, created time.Time, edit func(s *domain.Session)) domain.Session {
	t.Helper()
	w.n++
	s := domain.NewSession(fmt.Sprintf("s%04d", w.n), fmt.Sprintf("+55119%08d", w.n), "instance_a", created)
	s.Milestones.LastCustomerAt = &created
	if edit != nil {
		edit(&s)
	}
	stored, err := w.rollup.Sessions.Create(t.Context(), s)
	if err != nil {
		t.Fatal(err)
	}
	return stored
}

// confirm records the lead of s as confirmed by the CRM.
func (w *world) confirm(t *testing.T, s domain.Session) {
	t.Helper()
	p := persistence.CRMProjection{SessionID: s.SessionID, Revision: "r1", ConfirmedRevision: "r1", Status: persistence.ProjectionSynced}
	item, err := persistence.EncodeProjection(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.table.Put(t.Context(), item, nil); err != nil {
		t.Fatal(err)
	}
}

func (w *world) demand(t *testing.T, created time.Time, text string) {
	t.Helper()
	d := domain.NewDemand(domain.OutOfPortfolioDemand{ServiceRequested: text, PhoneNumber: "+5511911112222"}, created)
	if err := w.rollup.Demands.Add(t.Context(), d); err != nil {
		t.Fatal(err)
	}
}

func (w *world) report(t *testing.T, q reports.Query) reports.Report {
	t.Helper()
	r, err := w.store.Report(t.Context(), q)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func ptr(t time.Time) *time.Time { return &t }
