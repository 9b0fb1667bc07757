package persistence_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/intake-runtime/intake/persistence"
)

func TestReceiptRecordRejectsRedelivery(t *testing.T) {
	ctx := context.Background()
	receipts := persistence.NewReceipts(newTable(t))
	r := persistence.NewReceipt(fullTurn(), t0)
	must(t, receipts.Record(ctx, r))

	redelivery := r
	redelivery.Content = "changed on the way"
	err := receipts.Record(ctx, redelivery)
	if !errors.Is(err, persistence.ErrDuplicate) || !errors.Is(err, persistence.ErrConflict) {
		t.Fatalf("duplicate Record = %v, want ErrDuplicate wrapping ErrConflict", err)
	}
	got, err := receipts.Get(ctx, r.MessageID)
	must(t, err)
	if !reflect.DeepEqual(got, r) {
		t.Errorf("a redelivery changed the receipt\n got: %#v\nwant: %#v", got, r)
	}
	if got.TTL != t0.Add(persistence.ReceiptTTL).Unix() {
		t.Errorf("ttl = %d", got.TTL)
	}
}

func TestReceiptMarkIsFirstWins(t *testing.T) {
	ctx := context.Background()
	receipts := persistence.NewReceipts(newTable(t))
	r := persistence.NewReceipt(fullTurn(), t0)
	must(t, receipts.Record(ctx, r))

	must(t, receipts.Mark(ctx, r.MessageID, persistence.StepDispatched, t1))
	if err := receipts.Mark(ctx, r.MessageID, persistence.StepDispatched, t2); !errors.Is(err, persistence.ErrConflict) {
		t.Errorf("second mark of a step = %v, want ErrConflict", err)
	}
	must(t, receipts.Mark(ctx, r.MessageID, persistence.StepCompleted, t2))

	got, err := receipts.Get(ctx, r.MessageID)
	must(t, err)
	want := r
	want.DispatchedAt, want.CompletedAt = at(t1), at(t2)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("marked receipt\n got: %#v\nwant: %#v", got, want)
	}

	if err := receipts.Mark(ctx, "wamid.NONE", persistence.StepCompleted, t2); !errors.Is(err, persistence.ErrNotFound) {
		t.Errorf("mark of a missing receipt = %v, want ErrNotFound", err)
	}
	if _, err := receipts.Get(ctx, "wamid.NONE"); !errors.Is(err, persistence.ErrNotFound) {
		t.Errorf("mark of a missing receipt created one: %v", err)
	}
	if err := receipts.Mark(ctx, r.MessageID, "content", t2); err == nil {
		t.Error("Mark accepted an attribute that is not a step")
	}
}

// The pending marker lists what the debounce buffer holds: they are written
// together, from one list, and go away together.
func TestReceiptPendingMarkerFollowsTheBuffer(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	receipts, turns := persistence.NewReceipts(table), persistence.NewTurns(table)
	buffers := persistence.NewDebounceBuffers(table)
	pending := func() []string {
		t.Helper()
		ids, err := receipts.Pending(ctx, phone)
		must(t, err)
		return ids
	}
	if got := pending(); len(got) != 0 || got == nil {
		t.Errorf("pending of a new phone = %#v, want an empty list", got)
	}
	a, b := fullTurn(), fullTurn()
	a.MessageID, b.MessageID = "a", "b"
	must(t, turns.SavePending(ctx, phone, []persistence.InboundTurn{a, b}))
	if got := pending(); !reflect.DeepEqual(got, []string{"a", "b"}) {
		t.Errorf("pending = %v, want [a b]", got)
	}
	must(t, turns.SavePending(ctx, phone, nil))
	if got := pending(); len(got) != 0 {
		t.Errorf("pending = %v, want none", got)
	}
	if buffered, err := buffers.Load(ctx, phone); err != nil || len(buffered) != 0 {
		t.Errorf("buffer after saving none = %v, %v; want it gone", buffered, err)
	}
}
