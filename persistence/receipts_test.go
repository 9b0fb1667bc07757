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
