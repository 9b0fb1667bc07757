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

// Completing outside a turn marks a receipt once and never makes one up.
func TestReceiptComplete(t *testing.T) {
	ctx := context.Background()
	receipts := persistence.NewReceipts(newTable(t))
	must(t, receipts.Record(ctx, persistence.NewReceipt(fullTurn(), t0)))
	must(t, receipts.Complete(ctx, fullTurn().MessageID, t1))
	must(t, receipts.Complete(ctx, fullTurn().MessageID, t2))
	r, err := receipts.Get(ctx, fullTurn().MessageID)
	must(t, err)
	if r.CompletedAt == nil || !r.CompletedAt.Equal(t1) {
		t.Errorf("completed_at = %v, want the first completion, %s", r.CompletedAt, t1)
	}
	must(t, receipts.Complete(ctx, "wamid.NONE", t1))
	if _, err := receipts.Get(ctx, "wamid.NONE"); !errors.Is(err, persistence.ErrNotFound) {
		t.Errorf("completing a message without a receipt made one: %v", err)
	}
}
