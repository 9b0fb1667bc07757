package memory_test

import (
	"errors"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/internal/clocktest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

func withTTL(pk, sk string, ttl string, attrs map[string]types.AttributeValue) persistence.Item {
	it := persistence.Item{
		persistence.AttrPK:     &types.AttributeValueMemberS{Value: pk},
		persistence.AttrSK:     &types.AttributeValueMemberS{Value: sk},
		persistence.AttrGSI1PK: &types.AttributeValueMemberS{Value: "G"},
		persistence.AttrGSI1SK: &types.AttributeValueMemberS{Value: sk},
	}
	if ttl != "" {
		it[persistence.AttrTTL] = &types.AttributeValueMemberN{Value: ttl}
	}
	for k, v := range attrs {
		it[k] = v
	}
	return it
}

func TestTTLHidesExpiredItems(t *testing.T) {
	ctx := t.Context()
	clock := clocktest.New(time.Unix(1_000, 0))
	tbl := memory.New(memory.WithClock(clock.Now))
	items := []persistence.Item{
		withTTL("P", "a-expires-1005", "1005", nil),
		withTTL("P", "b-expires-1010.5", "1010.5", nil),
		withTTL("P", "c-no-ttl", "", nil),
		withTTL("P", "d-string-ttl", "", map[string]types.AttributeValue{
			persistence.AttrTTL: &types.AttributeValueMemberS{Value: "5"}, // not a number: never expires
		}),
	}
	for _, it := range items {
		if err := tbl.Put(ctx, it, nil); err != nil {
			t.Fatalf("Put: %v", err)
		}
	}
	tests := []struct {
		at   time.Time
		want int
	}{
		{time.Unix(1_005, 0), 4},           // ttl equal to now: not yet in the past
		{time.Unix(1_005, 1), 3},           // one nanosecond later
		{time.Unix(1_010, 500_000_000), 3}, // fractional ttl, exactly now
		{time.Unix(1_010, 500_000_001), 2},
	}
	for _, tc := range tests {
		clock.Set(tc.at)
		if got := visible(t, tbl); got != tc.want {
			t.Errorf("at %v: %d items visible; want %d", tc.at.Unix(), got, tc.want)
		}
	}
	_, err := tbl.Get(ctx, persistence.Key{PK: "P", SK: "a-expires-1005"})
	if !errors.Is(err, persistence.ErrNotFound) {
		t.Fatalf("Get of an expired item: %v; want ErrNotFound", err)
	}
}

// visible counts the items Query, QueryIndex and Scan return, failing when
// they disagree.
func visible(t *testing.T, tbl *memory.Table) int {
	t.Helper()
	ctx := t.Context()
	q, err := tbl.Query(ctx, persistence.Query{PK: "P"})
	if err != nil {
		t.Fatal(err)
	}
	s, err := tbl.Scan(ctx, persistence.Scan{})
	if err != nil {
		t.Fatal(err)
	}
	idx, err := tbl.QueryIndex(ctx, persistence.IndexQuery{GSI1PK: "G"})
	if err != nil {
		t.Fatal(err)
	}
	if len(q.Items) != len(s.Items) || len(q.Items) != len(idx.Items) {
		t.Fatalf("Query %d, Scan %d, QueryIndex %d items; want the same", len(q.Items), len(s.Items), len(idx.Items))
	}
	return len(q.Items)
}

func TestTTLExpiredItemIsAbsentForWrites(t *testing.T) {
	ctx := t.Context()
	clock := clocktest.New(time.Unix(1_000, 0))
	tbl := memory.New(memory.WithClock(clock.Now))
	key := persistence.Key{PK: "RECEIPT#wamid.1", SK: "RECEIPT"}
	onlyNew := persistence.NotExists(persistence.AttrPK).Ptr()
	receipt := withTTL(key.PK, key.SK, "1100", map[string]types.AttributeValue{"old": &types.AttributeValueMemberBOOL{Value: true}})
	if err := tbl.Put(ctx, receipt, onlyNew); err != nil {
		t.Fatalf("Put: %v", err)
	}
	if err := tbl.Put(ctx, receipt, onlyNew); !errors.Is(err, persistence.ErrConflict) {
		t.Fatalf("Put of a live receipt: %v; want ErrConflict", err)
	}
	if err := tbl.Delete(ctx, key, persistence.Exists(persistence.AttrPK).Ptr()); err != nil {
		// Still alive: a delete requiring it succeeds; put it back.
		t.Fatalf("Delete of a live receipt: %v", err)
	}
	if err := tbl.Put(ctx, receipt, nil); err != nil {
		t.Fatalf("Put: %v", err)
	}

	clock.Advance(101 * time.Second)
	if err := tbl.Delete(ctx, key, persistence.Exists(persistence.AttrPK).Ptr()); !errors.Is(err, persistence.ErrConflict) {
		t.Fatalf("Delete requiring an expired item: %v; want ErrConflict", err)
	}
	got, err := tbl.Update(ctx, key, persistence.Update{Add: map[string]int64{"n": 1}}, onlyNew)
	if err != nil {
		t.Fatalf("Update of an expired item as new: %v", err)
	}
	if _, ok := got["old"]; ok {
		t.Fatalf("Update revived the expired item's attributes: %v", got)
	}
	if _, ok := got[persistence.AttrTTL]; ok {
		t.Fatalf("Update revived the expired item's ttl: %v", got)
	}
}

func TestDefaultClockIsNow(t *testing.T) {
	tbl := memory.New()
	past := withTTL("P", "past", "1", nil)
	future := withTTL("P", "future", "4102444800", nil) // 2100
	if err := tbl.BatchWrite(t.Context(), []persistence.Item{past, future}, nil); err != nil {
		t.Fatalf("BatchWrite: %v", err)
	}
	if got := visible(t, tbl); got != 1 {
		t.Fatalf("%d items visible; want only the one that expires in 2100", got)
	}
}

func TestTTLExpiredItemIsAbsentForTransactions(t *testing.T) {
	ctx := t.Context()
	clock := clocktest.New(time.Unix(1_000, 0))
	tbl := memory.New(memory.WithClock(clock.Now))
	key := persistence.Key{PK: "RECEIPT#wamid.1", SK: "RECEIPT"}
	if err := tbl.Put(ctx, withTTL(key.PK, key.SK, "1100", map[string]types.AttributeValue{"old": &types.AttributeValueMemberBOOL{Value: true}}), nil); err != nil {
		t.Fatalf("Put: %v", err)
	}
	requireLive := []persistence.TxWrite{persistence.CheckTx(key, persistence.Exists(persistence.AttrPK))}
	if err := tbl.Transact(ctx, requireLive); err != nil {
		t.Fatalf("Transact requiring a live receipt: %v", err)
	}

	clock.Advance(101 * time.Second)
	if err := tbl.Transact(ctx, requireLive); !errors.Is(err, persistence.ErrConflict) {
		t.Fatalf("Transact requiring an expired receipt: %v; want ErrConflict", err)
	}
	asNew := []persistence.TxWrite{persistence.UpdateTx(key, persistence.Update{Add: map[string]int64{"n": 1}}, persistence.NotExists(persistence.AttrPK).Ptr())}
	if err := tbl.Transact(ctx, asNew); err != nil {
		t.Fatalf("Transact updating an expired receipt as new: %v", err)
	}
	got, err := tbl.Get(ctx, key)
	if err != nil {
		t.Fatalf("Get: %v", err)
	}
	if _, ok := got["old"]; ok {
		t.Fatalf("the transaction revived the expired item's attributes: %v", got)
	}
}
