package session_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// A phone's first conversation reads its active pointer and nothing else:
// not a debounce buffer once the buffers of older releases were listed and
// the phone has none, and not the phone's sessions, since a phone without a
// pointer never had one. Until the buffers are listed, a start reads the
// phone's buffer too; a phone with sessions still starts from its last
// closed one. Begin stores nothing: the turn's commit creates the session.
func TestFirstConversationReadsOnlyThePointer(t *testing.T) {
	ctx := t.Context()
	table := &readLog{Table: memory.New()}
	store := session.NewTableStore(table)
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	start := func(phone string) (loaded session.Loaded, previous *domain.Session) {
		t.Helper()
		loaded, err := store.Load(ctx, phone)
		if err != nil {
			t.Fatal(err)
		}
		prior := session.Prior{Current: loaded.Session, NoSessions: loaded.NoSessions}
		begun, err := store.Begin(ctx, phone, prior, func(p *domain.Session) domain.Session {
			previous = p
			return domain.NewSession("s-"+now.Format(time.RFC3339Nano), phone, "instance_a", now)
		})
		if err != nil {
			t.Fatal(err)
		}
		if !begun.New {
			t.Fatalf("Begin on %s without an open session: not new", phone)
		}
		if stored, err := persistence.NewSessions(table.Table).Get(ctx, phone, begun.Session.SessionID); !errors.Is(err, persistence.ErrNotFound) {
			t.Fatalf("after Begin, before the commit: %+v, %v; want the new session not stored", stored, err)
		}
		if _, err := store.Commit(ctx, session.Commit{Phone: phone, Session: begun.Session, Create: true, Now: now}); err != nil {
			t.Fatal(err)
		}
		now = now.Add(time.Second)
		return loaded, previous
	}

	const before, first, returning = "+5511900000041", "+5511900000042", "+5511900000043"
	start(before)
	if got := table.take(); !slices.Contains(got, "get DEBOUNCE#"+before) {
		t.Errorf("reads before the buffers were listed = %q, want the phone's buffer read", got)
	}
	if _, err := store.WaitingPhones(ctx); err != nil {
		t.Fatal(err)
	}
	table.take()

	loaded, previous := start(first)
	if !loaded.NoSessions || previous != nil {
		t.Errorf("a new phone: NoSessions %v, previous %v; want true and none", loaded.NoSessions, previous)
	}
	if got, want := table.take(), []string{"get SESSION#" + first}; !slices.Equal(got, want) {
		t.Errorf("reads of a new phone's first conversation = %q, want %q", got, want)
	}

	_, _ = start(returning)
	closed, err := persistence.NewSessions(table).Active(ctx, returning)
	if err != nil {
		t.Fatal(err)
	}
	closed.State, closed.ClosedAt = domain.StateClosed, &now
	if _, err := persistence.NewSessions(table).Save(ctx, closed); err != nil {
		t.Fatal(err)
	}
	table.take()
	if loaded, previous := start(returning); loaded.NoSessions || previous == nil || previous.SessionID != closed.SessionID {
		t.Errorf("a returning phone: NoSessions %v, previous %v; want false and %s", loaded.NoSessions, previous, closed.SessionID)
	}
	if got := table.take(); !slices.Contains(got, "query SESSION#"+returning) {
		t.Errorf("reads of a returning phone's new conversation = %q, want its sessions queried", got)
	}
}

// readLog is a table that logs its reads: "get <pk>", "query <pk>".
type readLog struct {
	persistence.Table
	mu    sync.Mutex
	reads []string
}

func (r *readLog) log(read string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reads = append(r.reads, read)
}

// take returns the reads logged since the last take.
func (r *readLog) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	reads := r.reads
	r.reads = nil
	return reads
}

func (r *readLog) Get(ctx context.Context, key persistence.Key) (persistence.Item, error) {
	r.log("get " + key.PK)
	return r.Table.Get(ctx, key)
}

func (r *readLog) Query(ctx context.Context, q persistence.Query) (persistence.Page, error) {
	r.log("query " + q.PK)
	return r.Table.Query(ctx, q)
}
