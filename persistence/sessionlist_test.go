package persistence_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/persistencetest"
)

// seedSessions creates n sessions over many phones, one a minute from t0,
// cycling through every state, two services and two operators, a fifth of
// them labelled "Urgente", and returns them.
func seedSessions(t *testing.T, sessions *persistence.Sessions, n int) []domain.Session {
	t.Helper()
	states := domain.States()
	var all []domain.Session
	for i := range n {
		s := domain.NewSession(fmt.Sprintf("sess-%04d", i), fmt.Sprintf("+55119%08d", i%97), "instance_a", t0.Add(time.Duration(i)*time.Minute))
		s.State = states[i%len(states)]
		switch {
		case s.State == domain.StateHandoff || s.State == domain.StateHuman:
			s.HandoffReason = domain.HandoffCustomerRequest
			s.HandoffAt = at(t0.Add(time.Duration(n-i) * time.Minute)) // queue order unlike creation order
		case s.State == domain.StateCompleted && i%2 == 0:
			s.HandoffReason = domain.HandoffDataComplete // waits in the queue
		}
		s.ServiceIdentified = domain.NullString([]string{"energia", "gas"}[i%2])
		if i%5 == 0 {
			s.Labels = []string{"Urgente"}
		}
		if i%3 == 0 {
			s.AssignedTo = domain.NullString([]string{"+5511900000001", "+5511900000002"}[i%2])
		}
		created, err := sessions.Create(t.Context(), s)
		must(t, err)
		all = append(all, created)
	}
	return all
}

// listAll pages through List and returns the session IDs in order.
func listAll(t *testing.T, sessions *persistence.Sessions, f persistence.SessionFilter, limit int) []string {
	t.Helper()
	var ids []string
	for cursor, pages := "", 0; ; pages++ {
		if pages > 1000 {
			t.Fatal("List never ends")
		}
		page, err := sessions.List(t.Context(), f, limit, cursor)
		must(t, err)
		if len(page.Sessions) > limit {
			t.Fatalf("a page of %d sessions, limit %d", len(page.Sessions), limit)
		}
		for _, s := range page.Sessions {
			ids = append(ids, s.SessionID)
		}
		if page.Next == "" {
			return ids
		}
		cursor = page.Next
	}
}

// wantIDs is what List must return for f: the matching sessions, newest
// created first.
func wantIDs(all []domain.Session, f persistence.SessionFilter) []string {
	var ids []string
	for _, s := range slices.Backward(all) {
		ok := (len(f.States) == 0 || slices.Contains(f.States, s.State)) &&
			(f.Service == "" || string(s.ServiceIdentified) == f.Service) &&
			(f.Operator == "" || string(s.AssignedTo) == f.Operator) &&
			(f.Label == "" || domain.HasLabel(s.Labels, f.Label)) &&
			(f.From.IsZero() || !s.CreatedAt.Before(f.From)) &&
			(f.To.IsZero() || !s.CreatedAt.After(f.To))
		if ok {
			ids = append(ids, s.SessionID)
		}
	}
	return ids
}

func TestSessionListPagesThroughTheIndex(t *testing.T) {
	table := &persistencetest.CountingTable{Table: newTable(t)}
	sessions := persistence.NewSessions(table)
	all := seedSessions(t, sessions, 120)
	filters := []persistence.SessionFilter{
		{},
		{States: []domain.SessionState{domain.StateClosed}},
		{States: []domain.SessionState{domain.StateCompleted}},
		{States: []domain.SessionState{domain.StateHandoff, domain.StateHuman}},
		{States: []domain.SessionState{domain.StateNew, domain.StateClosed}, Service: "gas"},
		{Operator: "+5511900000002"},
		{From: t0.Add(30 * time.Minute), To: t0.Add(90 * time.Minute)},
		{States: []domain.SessionState{domain.StateHuman}, Service: "nothing"},
		{Label: " urgente "},
		{States: []domain.SessionState{domain.StateHandoff, domain.StateHuman, domain.StateClosed}, Label: "URGENTE"},
		{Label: "vip"},
	}
	for _, f := range filters {
		for _, limit := range []int{1, 7, 500} {
			got, want := listAll(t, sessions, f, limit), wantIDs(all, f)
			if !slices.Equal(got, want) {
				t.Errorf("List(%+v, limit %d) = %d sessions %v…, want %d %v…", f, limit, len(got), head(got), len(want), head(want))
			}
		}
	}
	if n := table.Scans.Load(); n != 0 {
		t.Errorf("List scanned the table %d times; want index queries only", n)
	}
}

func head(ids []string) []string { return ids[:min(5, len(ids))] }

// A session changes partition with its state: the list of its new state has
// it, the list of the old one no longer does.
func TestSessionListFollowsState(t *testing.T) {
	sessions := persistence.NewSessions(newTable(t))
	s := domain.NewSession("sess-move", phone, "instance_a", t0)
	s.State = domain.StateQualifying
	s, err := sessions.Create(t.Context(), s)
	must(t, err)
	s.State, s.ClosedAt = domain.StateClosed, at(t1)
	_, err = sessions.Save(t.Context(), s)
	must(t, err)
	for state, want := range map[domain.SessionState][]string{
		domain.StateQualifying: nil,
		domain.StateClosed:     {"sess-move"},
	} {
		got := listAll(t, sessions, persistence.SessionFilter{States: []domain.SessionState{state}}, 10)
		if !slices.Equal(got, want) {
			t.Errorf("List(%s) = %v, want %v", state, got, want)
		}
	}
}

func TestSessionListRejectsForeignCursors(t *testing.T) {
	sessions := persistence.NewSessions(newTable(t))
	for _, cursor := range []string{"%%%", "bm90LWEta2V5", "MjAyNS0wMS0wMSNh"} {
		if _, err := sessions.List(context.Background(), persistence.SessionFilter{}, 10, cursor); !errors.Is(err, persistence.ErrInvalidCursor) {
			t.Errorf("List(cursor %q) = %v, want ErrInvalidCursor", cursor, err)
		}
	}
	if _, err := sessions.List(t.Context(), persistence.SessionFilter{}, 0, ""); err == nil || strings.Contains(err.Error(), "cursor") {
		t.Errorf("List(limit 0) = %v, want a limit error", err)
	}
}
