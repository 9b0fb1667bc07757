package persistence_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// turnFixture is a phone with an open session, two messages whose receipts
// the webhook recorded (an older release's debounce buffer holds them), and a
// turn about to answer the first.
type turnFixture struct {
	table    persistence.Table
	session  domain.Session
	first    domain.InboundTurn
	second   domain.InboundTurn
	receipts *persistence.Receipts
	turns    *persistence.Turns
}

func newTurnFixture(t *testing.T) turnFixture {
	t.Helper()
	ctx := context.Background()
	table := newTable(t)
	f := turnFixture{table: table, receipts: persistence.NewReceipts(table), turns: persistence.NewTurns(table)}
	s, err := persistence.NewSessions(table).Create(ctx, domain.NewSession("sess-1", phone, "instance_a", t0))
	must(t, err)
	f.session = s
	f.first, f.second = fullTurn(), fullTurn()
	f.first.MessageID, f.second.MessageID = "wamid.A", "wamid.B"
	f.second.ReceivedAt = t1
	for _, turn := range []domain.InboundTurn{f.first, f.second} {
		must(t, f.receipts.Record(ctx, persistence.NewReceipt(turn, t0)))
	}
	putLegacyBuffer(t, table, phone, f.first, f.second)
	return f
}

// commit answers the first message with a reply, the second still pending.
func (f turnFixture) commit() persistence.TurnCommit {
	s := f.session
	s.State = domain.StateQualifying
	reply := fullMessage()
	reply.MessageID, reply.SessionID, reply.PhoneNumber = "out-1", s.SessionID, phone
	reply.Direction, reply.OutboxStatus, reply.ProviderMessageID = domain.DirectionOutbound, domain.OutboxPending, ""
	demand := fullDemand()
	return persistence.TurnCommit{
		Phone:      phone,
		Messages:   []domain.Message{reply},
		Session:    s,
		Pending:    []string{f.second.MessageID},
		DropBuffer: true,
		Consumed:   []persistence.Consumed{{MessageID: f.first.MessageID, RoutedAt: t1}},
		Demand:     &demand,
		Now:        t2,
	}
}

func TestTurnCommitWritesEverythingTogether(t *testing.T) {
	ctx := context.Background()
	f := newTurnFixture(t)
	c := f.commit()
	saved, err := f.turns.Commit(ctx, c)
	must(t, err)
	if saved.Version != f.session.Version+1 || saved.State != domain.StateQualifying {
		t.Errorf("saved session: version %d state %s, want %d %s", saved.Version, saved.State, f.session.Version+1, domain.StateQualifying)
	}
	stored, err := persistence.NewSessions(f.table).Active(ctx, phone)
	must(t, err)
	if !reflect.DeepEqual(stored, saved) {
		t.Errorf("stored session differs from the one Commit returned:\n%#v\n%#v", stored, saved)
	}
	log, err := persistence.NewMessages(f.table).List(ctx, phone, f.session.SessionID)
	must(t, err)
	if len(log) != 1 || log[0].MessageID != "out-1" || !log[0].Unfinished() {
		t.Errorf("log = %+v, want the pending reply", log)
	}
	r, err := f.receipts.Get(ctx, f.first.MessageID)
	must(t, err)
	if r.CompletedAt == nil || r.DispatchedAt == nil || !r.AgentRoutedAt.Equal(t1) || r.SyncClaimedAt != nil {
		t.Errorf("the consumed message's receipt: %+v, want completed, dispatched and routed at %s, not sync-claimed", r, t1)
	}
	if r2, _ := f.receipts.Get(ctx, f.second.MessageID); r2.CompletedAt != nil {
		t.Error("the message still buffered was marked completed")
	}
	if buffered, err := persistence.NewDebounceBuffers(f.table).Load(ctx, phone); err != nil || len(buffered) != 0 {
		t.Errorf("the older release's buffer after the commit = %+v, %v; want it deleted", buffered, err)
	}
	if pending, _ := f.receipts.Pending(ctx, phone); !reflect.DeepEqual(pending, []string{f.second.MessageID}) {
		t.Errorf("pending marker = %v, want [%s]", pending, f.second.MessageID)
	}
	if demands, _ := persistence.NewDemands(f.table).List(ctx, 0); len(demands) != 1 {
		t.Errorf("demands = %d, want 1", len(demands))
	}
}

// A stale snapshot or an already answered message cancels the whole turn:
// nothing of it is written.
func TestTurnCommitIsAllOrNothing(t *testing.T) {
	ctx := context.Background()
	t.Run("stale session", func(t *testing.T) {
		f := newTurnFixture(t)
		c := f.commit()
		c.Session.Version-- // loaded before a newer write
		before := allItems(t, f.table)
		_, err := f.turns.Commit(ctx, c)
		if !errors.Is(err, persistence.ErrConflict) {
			t.Fatalf("commit over a stale version: %v, want ErrConflict", err)
		}
		if after := allItems(t, f.table); !reflect.DeepEqual(before, after) {
			t.Error("a cancelled commit changed the table")
		}
	})
	t.Run("message already answered", func(t *testing.T) {
		f := newTurnFixture(t)
		_, err := f.turns.Commit(ctx, f.commit())
		must(t, err)
		again := f.commit()
		again.Session.Version++ // the session as the first commit left it
		again.Messages[0].MessageID = "out-2"
		before := allItems(t, f.table)
		_, err = f.turns.Commit(ctx, again)
		if id, ok := persistence.IsConsumed(err); !ok || id != f.first.MessageID {
			t.Fatalf("second commit of %s: %v, want a ConsumedError naming it", f.first.MessageID, err)
		}
		if after := allItems(t, f.table); !reflect.DeepEqual(before, after) {
			t.Error("a cancelled commit changed the table")
		}
	})
}

// The marker is written only when messages are pending, and deleted by the
// next commit that leaves none.
func TestTurnCommitKeepsThePendingMarker(t *testing.T) {
	ctx := context.Background()
	f := newTurnFixture(t)
	first := f.commit()
	first.Pending, first.DropBuffer = nil, false
	saved, err := f.turns.Commit(ctx, first)
	must(t, err)
	if _, err := f.table.Get(ctx, persistence.LatestMarker{PhoneNumber: phone}.Key()); !errors.Is(err, persistence.ErrNotFound) {
		t.Errorf("marker after a commit with nothing pending: %v, want none written", err)
	}
	second := f.commit()
	second.Session, second.Messages[0].MessageID = saved, "out-2"
	second.Consumed = nil
	saved, err = f.turns.Commit(ctx, second)
	must(t, err)
	if pending, _ := f.receipts.Pending(ctx, phone); !reflect.DeepEqual(pending, []string{f.second.MessageID}) {
		t.Errorf("pending marker = %v, want [%s]", pending, f.second.MessageID)
	}
	third := f.commit()
	third.Session, third.Messages[0].MessageID = saved, "out-3"
	third.Consumed = []persistence.Consumed{{MessageID: f.second.MessageID}}
	third.Pending, third.MarkerWritten, third.DropBuffer = nil, true, false
	_, err = f.turns.Commit(ctx, third)
	must(t, err)
	if pending, _ := f.receipts.Pending(ctx, phone); len(pending) != 0 {
		t.Errorf("pending marker = %v, want it deleted", pending)
	}
}

func TestTurnCommitRefusesWhatDoesNotFitOneTransaction(t *testing.T) {
	f := newTurnFixture(t)
	c := f.commit()
	for range persistence.MaxTxWrites {
		c.Messages = append(c.Messages, c.Messages[0])
	}
	if _, err := f.turns.Commit(context.Background(), c); err == nil || errors.Is(err, persistence.ErrConflict) {
		t.Errorf("oversized commit: %v, want a plain error", err)
	}
}

// The recovery sweep finds what the webhook accepted and no turn answered,
// through the sharded inbound index, until the commit takes it off.
func TestUnfinishedReceipts(t *testing.T) {
	ctx := context.Background()
	f := newTurnFixture(t)
	owed, err := f.receipts.Unfinished(ctx, t2)
	must(t, err)
	if len(owed) != 2 {
		t.Fatalf("unfinished before the turn = %v, want both messages", owed)
	}
	if early, _ := f.receipts.Unfinished(ctx, t0.Add(-1)); len(early) != 0 {
		t.Errorf("unfinished received before t0 = %v, want none", early)
	}
	_, err = f.turns.Commit(ctx, f.commit())
	must(t, err)
	owed, err = f.receipts.Unfinished(ctx, t2)
	must(t, err)
	want := []domain.QueueMessage{{PhoneNumber: phone, MessageID: f.second.MessageID}}
	if !reflect.DeepEqual(owed, want) {
		t.Errorf("unfinished after the turn = %v, want %v", owed, want)
	}
}

// Creating a session writes it and points the phone to it together.
func TestSessionCreateIsOneTransaction(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	sessions := persistence.NewSessions(table)
	_, err := sessions.Create(ctx, domain.NewSession("sess-1", phone, "instance_a", t0))
	must(t, err)
	before := allItems(t, table)
	if _, err := sessions.Create(ctx, domain.NewSession("sess-1", phone, "instance_a", t1)); !errors.Is(err, persistence.ErrConflict) {
		t.Fatalf("second create of sess-1: %v, want ErrConflict", err)
	}
	if after := allItems(t, table); !reflect.DeepEqual(before, after) {
		t.Error("a refused create changed the table")
	}
}

// The first turn of a session creates it: the commit writes the session at
// version 1 and points the phone to it, with the rest of the turn, and
// refuses when a session is stored under its key already.
func TestTurnCommitCreatesItsSession(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	turn := fullTurn()
	must(t, persistence.NewReceipts(table).Record(ctx, persistence.NewReceipt(turn, t0)))
	s := domain.NewSession("sess-new", phone, "instance_a", t0)
	s.State = domain.StateQualifying
	commit := persistence.TurnCommit{
		Phone: phone, Session: s, Create: true, Now: t1,
		Consumed: []persistence.Consumed{{MessageID: turn.MessageID, RoutedAt: t1}},
	}
	saved, err := persistence.NewTurns(table).Commit(ctx, commit)
	must(t, err)
	if saved.Version != 1 {
		t.Errorf("created session's version = %d, want 1", saved.Version)
	}
	active, err := persistence.NewSessions(table).Active(ctx, phone)
	must(t, err)
	if !reflect.DeepEqual(active, saved) {
		t.Errorf("active session = %+v, want the created one %+v", active, saved)
	}

	before := allItems(t, table)
	commit.Consumed = nil
	if _, err := persistence.NewTurns(table).Commit(ctx, commit); !errors.Is(err, persistence.ErrConflict) {
		t.Fatalf("a second commit creating sess-new: %v, want ErrConflict", err)
	}
	if after := allItems(t, table); !reflect.DeepEqual(before, after) {
		t.Error("a refused create changed the table")
	}
}

// A message a synchronous path (/chat) brought records sync_claimed_at in
// the commit of the turn that answers it; a /chat message has no receipt
// before, and gets one.
func TestTurnCommitStampsSyncClaimed(t *testing.T) {
	ctx := context.Background()
	f := newTurnFixture(t)
	c := f.commit()
	c.Pending = nil
	c.Consumed = []persistence.Consumed{
		{MessageID: f.first.MessageID, RoutedAt: t1, Sync: true},
		{MessageID: "chat-1", RoutedAt: t1, Sync: true},
	}
	_, err := f.turns.Commit(ctx, c)
	must(t, err)
	for _, id := range []string{f.first.MessageID, "chat-1"} {
		r, err := f.receipts.Get(ctx, id)
		must(t, err)
		if r.SyncClaimedAt == nil || !r.SyncClaimedAt.Equal(t1) || r.CompletedAt == nil {
			t.Errorf("receipt of %s: %+v, want sync_claimed_at %s and completed", id, r, t1)
		}
	}
}
