package handoff_test

import (
	"context"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

func TestQueueListsWaitingAndHeldConversations(t *testing.T) {
	ctx := context.Background()
	table := memory.New()
	sessions := persistence.NewSessions(table)
	queue := handoff.NewQueue(table)

	second := waitingSession("s2", "+5511000000002", t0.Add(2*time.Minute))
	first := waitingSession("s1", "+5511000000001", t0.Add(time.Minute))
	held := waitingSession("s0", "+5511000000000", t0)
	held.State, held.AssignedTo = domain.StateHuman, "+551140000001"
	for _, s := range []domain.Session{second, first, held} {
		if _, err := sessions.Create(ctx, s); err != nil {
			t.Fatal(err)
		}
	}

	entries, err := queue.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		id       string
		state    domain.SessionState
		position int
		assigned string
	}{
		{"s0", domain.StateHuman, 0, "+551140000001"},
		{"s1", domain.StateHandoff, 1, ""},
		{"s2", domain.StateHandoff, 2, ""},
	}
	if len(entries) != len(want) {
		t.Fatalf("List = %+v, want %d entries", entries, len(want))
	}
	for i, w := range want {
		e := entries[i]
		if e.SessionID != w.id || e.State != w.state || e.Position != w.position || e.AssignedTo != w.assigned {
			t.Errorf("entry %d = %+v, want %+v", i, e, w)
		}
	}
	e := entries[1]
	if e.PhoneNumber != "+5511000000001" || e.Name != "Maria Silva" || e.Service != "Pesquisa de mercado" ||
		e.Reason != domain.HandoffCustomerRequest || !e.WaitingSince.Equal(t0.Add(time.Minute)) {
		t.Errorf("entry context = %+v", e)
	}

	for id, want := range map[string]int{"s1": 1, "s2": 2, "s0": 0, "missing": 0} {
		got, err := queue.QueuePosition(ctx, id)
		if err != nil || got != want {
			t.Errorf("QueuePosition(%s) = %d, %v; want %d", id, got, err, want)
		}
	}
	if got, err := queue.Position(ctx, second); err != nil || got != 2 {
		t.Errorf("Position(s2) = %d, %v; want 2", got, err)
	}
}

// The first conversation handed off is the spec's "queue position 1".
func TestFirstHandoffIsPositionOne(t *testing.T) {
	ctx := context.Background()
	table := memory.New()
	s, err := persistence.NewSessions(table).Create(ctx, waitingSession("s1", "+5511000000001", t0))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := handoff.NewQueue(table).Position(ctx, s); err != nil || got != 1 {
		t.Errorf("Position = %d, %v; want 1", got, err)
	}
}
