package persistencetest

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// testSessionList: the session list pages through the index, newest first,
// for a state shard, the handoff queue and both at once, and follows a
// state change.
func testSessionList(t *testing.T, tbl persistence.Table) {
	ctx := t.Context()
	sessions := persistence.NewSessions(tbl)
	t0 := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	var closed, completed []string
	for i := range 30 {
		s := domain.NewSession(fmt.Sprintf("s-%02d", i), fmt.Sprintf("+55119%08d", i%7), "instance_a", t0.Add(time.Duration(i)*time.Minute))
		switch i % 3 {
		case 0:
			s.State = domain.StateClosed
			closed = append([]string{s.SessionID}, closed...)
		case 1:
			s.State, s.HandoffReason = domain.StateCompleted, domain.HandoffDataComplete // queued
			completed = append([]string{s.SessionID}, completed...)
		default:
			s.State = domain.StateQualifying
		}
		if _, err := sessions.Create(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	list := func(states ...domain.SessionState) []string {
		var ids []string
		for cursor := ""; ; {
			page, err := sessions.List(ctx, persistence.SessionFilter{States: states}, 4, cursor)
			if err != nil {
				t.Fatalf("List(%v): %v", states, err)
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
	if got := list(domain.StateClosed); !slices.Equal(got, closed) {
		t.Errorf("List(CLOSED) = %v, want %v", got, closed)
	}
	if got := list(domain.StateCompleted); !slices.Equal(got, completed) {
		t.Errorf("List(COMPLETED) = %v, want %v", got, completed)
	}
	if got := list(); len(got) != 30 || got[0] != "s-29" || got[29] != "s-00" {
		t.Errorf("List() = %v, want all 30 newest first", got)
	}
	s, err := sessions.Get(ctx, "+5511900000001", "s-01")
	if err != nil {
		t.Fatal(err)
	}
	s.State = domain.StateClosed
	if _, err := sessions.Save(ctx, s); err != nil {
		t.Fatal(err)
	}
	if got := list(domain.StateCompleted); slices.Contains(got, "s-01") || len(got) != len(completed)-1 {
		t.Errorf("List(COMPLETED) after s-01 closed = %v", got)
	}
	if got := list(domain.StateClosed); len(got) != len(closed)+1 || got[len(got)-2] != "s-01" {
		t.Errorf("List(CLOSED) after s-01 closed = %v, want s-01 between s-03 and s-00", got)
	}
}
