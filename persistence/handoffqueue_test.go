package persistence_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// handoffSession is a session of phone that entered HANDOFF at handoffAt.
func handoffSession(id, phone string, handoffAt time.Time) domain.Session {
	s := domain.NewSession(id, phone, "instance_a", t0)
	s.State = domain.StateHandoff
	s.HandoffReason = domain.HandoffCustomerRequest
	s.HandoffAt = at(handoffAt)
	s.UpdatedAt = handoffAt
	return s
}

func TestHandoffSessionRoundTrip(t *testing.T) {
	s := handoffSession("sess-h", "+5511999990000", t1)
	s.Version = 2
	roundTrip(t, "session_handoff.golden.json", s, persistence.EncodeSession, persistence.DecodeSession)
}

// A session is in the handoff queue while it waits or is held, in its
// state's shard of the session index otherwise.
func TestSessionIndexFollowsState(t *testing.T) {
	tests := []struct {
		state   domain.SessionState
		reason  domain.HandoffReason
		indexed bool
	}{
		{domain.StateNew, "", false},
		{domain.StateQualifying, "", false},
		{domain.StateCompleted, "", false},
		{domain.StateCompleted, domain.HandoffDataComplete, true},
		{domain.StateHandoff, domain.HandoffCustomerRequest, true},
		{domain.StateHuman, domain.HandoffOperatorTakeover, true},
		{domain.StateClosed, domain.HandoffDataComplete, false},
	}
	for _, tc := range tests {
		t.Run(string(tc.state)+"/"+string(tc.reason), func(t *testing.T) {
			s := handoffSession("sess-x", phone, t1)
			s.State, s.HandoffReason = tc.state, tc.reason
			item, err := persistence.EncodeSession(s)
			must(t, err)
			pk, sk := avString(item[persistence.AttrGSI1PK]), avString(item[persistence.AttrGSI1SK])
			if !tc.indexed {
				wantPK := persistence.SessionIndexPK(tc.state, persistence.WorkShard(phone))
				if pk != wantPK || sk != persistence.FormatTime(t0)+"#sess-x" {
					t.Errorf("a %s session is indexed under %q/%q, want its state shard %q", tc.state, pk, sk, wantPK)
				}
				return
			}
			if pk != persistence.HandoffIndexPK || sk != persistence.FormatTime(t1)+"#sess-x" {
				t.Errorf("index keys = %q/%q, want %q/%q", pk, sk, persistence.HandoffIndexPK, persistence.FormatTime(t1)+"#sess-x")
			}
		})
	}
}

// A record written before handoff_at existed queues by its updated_at.
func TestLegacyHandoffQueuesByUpdatedAt(t *testing.T) {
	s := handoffSession("sess-old", phone, t1)
	s.HandoffAt = nil
	s.UpdatedAt = t2
	if got := s.HandoffSince(); !got.Equal(t2) {
		t.Errorf("HandoffSince = %s, want updated_at %s", got, t2)
	}
	if got, want := persistence.HandoffIndexSK(s), persistence.FormatTime(t2)+"#sess-old"; got != want {
		t.Errorf("HandoffIndexSK = %q, want %q", got, want)
	}
}

func TestHandoffQueueListAndPosition(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	sessions := persistence.NewSessions(table)
	queue := persistence.NewHandoffQueue(table)

	// Created out of order; the queue orders by handoff time.
	third := create(t, sessions, handoffSession("s3", "+5511000000003", t0.Add(3*time.Minute)))
	first := create(t, sessions, handoffSession("s1", "+5511000000001", t0.Add(1*time.Minute)))
	second := create(t, sessions, handoffSession("s2", "+5511000000002", t0.Add(2*time.Minute)))
	held := handoffSession("s0", "+5511000000000", t0)
	held.State, held.AssignedTo = domain.StateHuman, "+5511888880000"
	held = create(t, sessions, held)
	bot := domain.NewSession("s9", "+5511000000009", "instance_a", t0)
	create(t, sessions, bot)
	// Registration complete: handed over for the sale, waiting like a handoff.
	registered := handoffSession("s4", "+5511000000004", t0.Add(4*time.Minute))
	registered.State, registered.HandoffReason = domain.StateCompleted, domain.HandoffDataComplete
	registered = create(t, sessions, registered)

	listed, err := queue.List(ctx)
	must(t, err)
	if got := ids(listed); !slices.Equal(got, []string{"s0", "s1", "s2", "s3", "s4"}) {
		t.Errorf("List = %v, want waiting and HUMAN sessions oldest first [s0 s1 s2 s3 s4]", got)
	}

	for _, tc := range []struct {
		s    domain.Session
		want int
	}{{first, 1}, {second, 2}, {third, 3}, {held, 0}, {bot, 0}, {registered, 4}} {
		got, err := queue.Position(ctx, tc.s)
		must(t, err)
		if got != tc.want {
			t.Errorf("Position(%s in %s) = %d, want %d", tc.s.SessionID, tc.s.State, got, tc.want)
		}
	}

	// A claim (an Update of assigned_to) keeps the session in the partition.
	claimed, err := sessions.Claim(ctx, first.PhoneNumber, first.SessionID, "+5511888880001")
	must(t, err)
	if listed, err = queue.List(ctx); err != nil || len(listed) != 5 {
		t.Fatalf("List after a claim = %v, %v; want 5 sessions", ids(listed), err)
	}

	// Leaving the handoff states leaves the partition; positions close up.
	claimed.State = domain.StateClosed
	_, err = sessions.Save(ctx, claimed)
	must(t, err)
	listed, err = queue.List(ctx)
	must(t, err)
	if got := ids(listed); !slices.Equal(got, []string{"s0", "s2", "s3", "s4"}) {
		t.Errorf("List after closing s1 = %v, want [s0 s2 s3 s4]", got)
	}
	if got, _ := queue.Position(ctx, second); got != 1 {
		t.Errorf("Position(s2) after s1 closed = %d, want 1", got)
	}
}

// A session the index does not list yet (DynamoDB's index is eventually
// consistent) still gets its place behind the ones queued before it.
func TestHandoffQueuePositionOfUnlistedSession(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	sessions := persistence.NewSessions(table)
	queue := persistence.NewHandoffQueue(table)
	create(t, sessions, handoffSession("s1", "+5511000000001", t0))
	create(t, sessions, handoffSession("s2", "+5511000000002", t1))

	unsaved := handoffSession("s3", "+5511000000003", t2)
	if got, err := queue.Position(ctx, unsaved); err != nil || got != 3 {
		t.Errorf("Position of an unlisted session = %d, %v; want 3", got, err)
	}
	early := handoffSession("s0", "+5511000000000", t0.Add(-time.Minute))
	if got, err := queue.Position(ctx, early); err != nil || got != 1 {
		t.Errorf("Position of an unlisted earlier session = %d, %v; want 1", got, err)
	}
}

func TestHandoffQueueReportsTableErrors(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	queue := persistence.NewHandoffQueue(newTable(t))
	if _, err := queue.List(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("List with a cancelled context = %v, want context.Canceled", err)
	}
	if _, err := queue.Position(ctx, handoffSession("s1", phone, t0)); !errors.Is(err, context.Canceled) {
		t.Errorf("Position with a cancelled context = %v, want context.Canceled", err)
	}
}

func create(t *testing.T, sessions *persistence.Sessions, s domain.Session) domain.Session {
	t.Helper()
	created, err := sessions.Create(context.Background(), s)
	must(t, err)
	return created
}
