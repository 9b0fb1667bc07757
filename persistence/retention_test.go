package persistence_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// TestRetainExpiresPersonalData: with a retention, every way of writing an
// item that holds a customer's data stamps its ttl, and once the retention
// has passed the table has forgotten it, while receipts keep their own ttl
// and the roster and erasure tombstones stay.
func TestRetainExpiresPersonalData(t *testing.T) {
	ctx := context.Background()
	now := t0
	clock := func() time.Time { return now }
	mem := memory.New(memory.WithClock(clock))
	table := persistence.Retain(mem, 24*time.Hour, clock)

	conversation := []persistence.Key{
		{PK: persistence.SessionPK("+5511"), SK: "S#put"},
		{PK: persistence.SessionPK("+5511"), SK: "S#batch"},
		{PK: persistence.SessionPK("+5511"), SK: "S#tx"},
		{PK: persistence.SessionPK("+5511"), SK: "S#update"},
		{PK: "SEARCH#DOC#52998224725", SK: "+5511#s1"},   // a search lookup holds the customer's document
		persistence.CRMProjection{SessionID: "s1"}.Key(), // name, e-mail, phone, CPF/CNPJ
		{PK: "NOTE#+5511", SK: "s1#2026-01-01T00:00:00.000000000Z#n1"},
		{PK: persistence.DemandPK, SK: "2026-01-01T00:00:00.000000000Z#d1"},
		{PK: persistence.LatestPK("+5511"), SK: persistence.LatestSK},
		{PK: persistence.DebouncePK("+5511"), SK: persistence.BufferSK},
	}
	kept := []persistence.Key{
		{PK: persistence.ReceiptPK("wamid.1"), SK: persistence.ReceiptSK},
		{PK: "OPERATOR", SK: "+5511"},
		{PK: "ERASURE#ab", SK: "DONE#2026"},
	}
	item := func(k persistence.Key) persistence.Item {
		return persistence.Item{
			persistence.AttrPK: &types.AttributeValueMemberS{Value: k.PK},
			persistence.AttrSK: &types.AttributeValueMemberS{Value: k.SK},
		}
	}
	put := item(conversation[0])
	must(t, table.Put(ctx, put, nil))
	if _, ok := put[persistence.AttrTTL]; ok {
		t.Error("Retain changed the caller's item")
	}
	must(t, table.BatchWrite(ctx, []persistence.Item{item(conversation[1]), item(kept[1]), item(kept[2])}, nil))
	must(t, table.Transact(ctx, []persistence.TxWrite{
		persistence.PutTx(item(conversation[2]), nil),
		persistence.UpdateTx(kept[0], persistence.Update{Set: map[string]any{persistence.AttrTTL: t0.Add(persistence.ReceiptTTL).Unix()}}, nil),
	}))
	_, err := table.Update(ctx, conversation[3], persistence.Update{Set: map[string]any{"v": 1}}, nil)
	must(t, err)
	for _, k := range conversation[4:] {
		must(t, table.Transact(ctx, []persistence.TxWrite{persistence.PutTx(item(k), nil)}))
	}

	now = t0.Add(24*time.Hour + time.Second)
	for _, k := range conversation {
		if _, err := mem.Get(ctx, k); !errors.Is(err, persistence.ErrNotFound) {
			t.Errorf("%s/%s after the retention: %v, want ErrNotFound", k.PK, k.SK, err)
		}
	}
	for _, k := range kept {
		if _, err := mem.Get(ctx, k); err != nil {
			t.Errorf("%s/%s after the retention: %v, want it kept", k.PK, k.SK, err)
		}
	}
}

// TestRetainOffChangesNothing: without a retention the table is returned as is.
func TestRetainOffChangesNothing(t *testing.T) {
	mem := memory.New()
	if got := persistence.Retain(mem, 0, time.Now); got != persistence.Table(mem) {
		t.Errorf("Retain(0) = %T, want the table itself", got)
	}
}
