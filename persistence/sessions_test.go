package persistence_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

const phone = "+5511999990000"

func TestSessionCreateAndActive(t *testing.T) {
	ctx := context.Background()
	sessions := persistence.NewSessions(newTable(t))

	if _, err := sessions.Active(ctx, phone); !errors.Is(err, persistence.ErrNoSessions) || !errors.Is(err, persistence.ErrNotFound) {
		t.Fatalf("Active on a new phone = %v, want ErrNoSessions, an ErrNotFound", err)
	}
	created, err := sessions.Create(ctx, domain.NewSession("s1", phone, "instance_a", t0))
	must(t, err)
	if created.Version != 1 {
		t.Errorf("created version = %d, want 1", created.Version)
	}
	active, err := sessions.Active(ctx, phone)
	must(t, err)
	if !reflect.DeepEqual(active, created) {
		t.Errorf("Active = %#v, want %#v", active, created)
	}
	if _, err := sessions.Create(ctx, domain.NewSession("s1", phone, "instance_a", t1)); !errors.Is(err, persistence.ErrConflict) {
		t.Errorf("second Create with the same ID = %v, want ErrConflict", err)
	}
}

func TestSessionSaveRejectsStaleVersion(t *testing.T) {
	ctx := context.Background()
	sessions := persistence.NewSessions(newTable(t))
	loaded, err := sessions.Create(ctx, domain.NewSession("s1", phone, "instance_a", t0))
	must(t, err)

	first := loaded
	first.State = domain.StateQualifying
	saved, err := sessions.Save(ctx, first)
	must(t, err)
	if saved.Version != 2 {
		t.Errorf("saved version = %d, want 2", saved.Version)
	}

	stale := loaded // a duplicate activation still holding version 1
	stale.State = domain.StateClosed
	if _, err := sessions.Save(ctx, stale); !errors.Is(err, persistence.ErrConflict) {
		t.Fatalf("stale Save = %v, want ErrConflict", err)
	}
	stored, err := sessions.Get(ctx, phone, "s1")
	must(t, err)
	if !reflect.DeepEqual(stored, saved) {
		t.Errorf("a stale Save changed the stored session\n got: %#v\nwant: %#v", stored, saved)
	}
}

func TestSessionSaveOverLegacyItem(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	must(t, table.Put(ctx, readItem(t, "legacy_session.json"), nil))
	sessions := persistence.NewSessions(table)

	legacy, err := sessions.Get(ctx, "+5511977770000", "legacy-1")
	must(t, err)
	if legacy.Version != 0 {
		t.Fatalf("legacy version = %d, want 0", legacy.Version)
	}
	saved, err := sessions.Save(ctx, legacy)
	must(t, err)
	if saved.Version != 1 {
		t.Errorf("first save of a legacy session has version %d, want 1", saved.Version)
	}
	if _, err := sessions.Save(ctx, legacy); !errors.Is(err, persistence.ErrConflict) {
		t.Errorf("second save from the legacy read = %v, want ErrConflict", err)
	}
}

func TestSessionSaveOfMissingSessionConflicts(t *testing.T) {
	sessions := persistence.NewSessions(newTable(t))
	if _, err := sessions.Save(context.Background(), domain.NewSession("ghost", phone, "instance_a", t0)); !errors.Is(err, persistence.ErrConflict) {
		t.Errorf("Save of a session never created = %v, want ErrConflict", err)
	}
}

func TestSessionResetKeepsHistory(t *testing.T) {
	ctx := context.Background()
	sessions := persistence.NewSessions(newTable(t))
	_, err := sessions.Create(ctx, domain.NewSession("s1", phone, "instance_a", t0))
	must(t, err)
	must(t, sessions.Reset(ctx, phone))

	if _, err := sessions.Active(ctx, phone); !errors.Is(err, persistence.ErrNotFound) || errors.Is(err, persistence.ErrNoSessions) {
		t.Errorf("Active after reset = %v, want ErrNotFound but not ErrNoSessions: the phone has sessions", err)
	}
	history, err := sessions.History(ctx, phone)
	must(t, err)
	if len(history) != 1 || history[0].SessionID != "s1" {
		t.Errorf("history after reset = %v, want [s1]", ids(history))
	}
}

func TestSessionHistoryAndLastClosed(t *testing.T) {
	ctx := context.Background()
	sessions := persistence.NewSessions(newTable(t))

	if _, err := sessions.LastClosed(ctx, phone); !errors.Is(err, persistence.ErrNotFound) {
		t.Errorf("LastClosed without sessions = %v, want ErrNotFound", err)
	}
	// IDs in the opposite order of creation: history must sort by time.
	for i, id := range []string{"z-oldest", "m-closed", "a-newest"} {
		s := domain.NewSession(id, phone, "instance_a", t0.Add(time.Duration(i)*time.Hour))
		s, err := sessions.Create(ctx, s)
		must(t, err)
		if id == "m-closed" {
			s.State, s.ClosedAt = domain.StateClosed, at(t2)
			_, err = sessions.Save(ctx, s)
			must(t, err)
		}
	}
	_, err := sessions.Create(ctx, domain.NewSession("other", "+5511000000000", "instance_a", t0))
	must(t, err)

	history, err := sessions.History(ctx, phone)
	must(t, err)
	if got, want := ids(history), []string{"a-newest", "m-closed", "z-oldest"}; !reflect.DeepEqual(got, want) {
		t.Errorf("history = %v, want %v", got, want)
	}
	last, err := sessions.LastClosed(ctx, phone)
	must(t, err)
	if last.SessionID != "m-closed" {
		t.Errorf("LastClosed = %s, want m-closed", last.SessionID)
	}
}

func TestSessionClaimRace(t *testing.T) {
	ctx := context.Background()
	sessions := persistence.NewSessions(newTable(t))
	loaded, err := sessions.Create(ctx, domain.NewSession("s1", phone, "instance_a", t0))
	must(t, err)

	const operators = 10
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		winners []string
	)
	for i := range operators {
		operator := fmt.Sprintf("+551188888%04d", i)
		wg.Go(func() {
			_, err := sessions.Claim(ctx, phone, "s1", operator)
			switch {
			case err == nil:
				mu.Lock()
				winners = append(winners, operator)
				mu.Unlock()
			case !errors.Is(err, persistence.ErrConflict):
				t.Errorf("claim by %s: %v, want success or ErrConflict", operator, err)
			}
		})
	}
	wg.Wait()
	if len(winners) != 1 {
		t.Fatalf("%d claims won (%v), want exactly one", len(winners), winners)
	}
	stored, err := sessions.Get(ctx, phone, "s1")
	must(t, err)
	if string(stored.AssignedTo) != winners[0] {
		t.Errorf("assigned_to = %q, want the winner %q", stored.AssignedTo, winners[0])
	}
	if stored.Version != loaded.Version+1 {
		t.Errorf("version after claim = %d, want %d", stored.Version, loaded.Version+1)
	}
	// The actor still holding the unassigned state cannot undo the claim.
	if _, err := sessions.Save(ctx, loaded); !errors.Is(err, persistence.ErrConflict) {
		t.Errorf("Save over a claim = %v, want ErrConflict", err)
	}
}

func TestSessionClaimLegacyNullAssignee(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	must(t, table.Put(ctx, readItem(t, "legacy_session.json"), nil))
	claimed, err := persistence.NewSessions(table).Claim(ctx, "+5511977770000", "legacy-1", "+5511888880000")
	must(t, err)
	if claimed.AssignedTo != "+5511888880000" || claimed.Version != 1 {
		t.Errorf("claimed = assigned %q version %d", claimed.AssignedTo, claimed.Version)
	}
}

func ids(sessions []domain.Session) []string {
	out := make([]string, len(sessions))
	for i, s := range sessions {
		out[i] = s.SessionID
	}
	return out
}
