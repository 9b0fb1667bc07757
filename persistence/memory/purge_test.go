package memory_test

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/internal/clocktest"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// TestPurgeDeletesExpiredItems: Purge deletes exactly the items whose ttl has
// passed, by the item stored now (a replaced or deleted item's old ttl
// purges nothing), and changes nothing a reader sees.
func TestPurgeDeletesExpiredItems(t *testing.T) {
	ctx := t.Context()
	clock := clocktest.New(time.Unix(1_000, 0))
	tbl := memory.New(memory.WithClock(clock.Now))
	put := func(sk, ttl string) {
		t.Helper()
		if err := tbl.Put(ctx, withTTL("P", sk, ttl, nil), nil); err != nil {
			t.Fatalf("Put %s: %v", sk, err)
		}
	}
	put("expires-1005", "1005")
	put("expires-1010.5", "1010.5")
	put("expires-1e-3", "1E-3")
	put("expires-far-past", "-1E+100")
	put("expires-never", "9E+125")
	put("no-ttl", "")
	put("ttl-extended", "1005")
	put("ttl-extended", "1100")
	put("ttl-removed", "1005")
	put("ttl-removed", "")
	put("deleted", "1005")
	if err := tbl.Delete(ctx, persistence.Key{PK: "P", SK: "deleted"}, nil); err != nil {
		t.Fatal(err)
	}
	if err := tbl.Put(ctx, withTTL("P", "string-ttl", "", map[string]types.AttributeValue{
		persistence.AttrTTL: &types.AttributeValueMemberS{Value: "5"},
	}), nil); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		at         time.Time
		wantPurged int
		wantLeft   int
	}{
		{time.Unix(1_000, 0), 2, 7}, // 1E-3 and -1E+100 were past already
		{time.Unix(1_005, 0), 0, 7}, // ttl equal to now: not yet past
		{time.Unix(1_005, 1), 1, 6}, // expires-1005
		{time.Unix(1_011, 1), 1, 5}, // expires-1010.5, by its next whole second
		{time.Unix(2_000, 0), 1, 4}, // ttl-extended
		{time.Unix(1e12, 0), 0, 4},  // no ttl, ttl removed, a string ttl, 9E+125: never
		{time.Unix(1e12, 0), 0, 4},  // purging again finds nothing
	}
	for _, tc := range tests {
		clock.Set(tc.at)
		before := visible(t, tbl)
		if got := tbl.Purge(); got != tc.wantPurged {
			t.Errorf("at %d: Purge = %d; want %d", tc.at.Unix(), got, tc.wantPurged)
		}
		if after := visible(t, tbl); after != before {
			t.Errorf("at %d: purging changed what readers see: %d items, then %d", tc.at.Unix(), before, after)
		}
		if items, _ := tbl.Retained(); items != tc.wantLeft {
			t.Errorf("at %d: %d items retained; want %d", tc.at.Unix(), items, tc.wantLeft)
		}
	}
}

// TestPurgeGivesTheMemoryBack: once many items expired and were purged, the
// table's retained size is zero and the heap is back near where it was
// before they were written (the table's maps are rebuilt, not left with the
// room of every item they ever held).
func TestPurgeGivesTheMemoryBack(t *testing.T) {
	const n = 20_000
	ctx := t.Context()
	clock := clocktest.New(time.Unix(1_000, 0))
	tbl := memory.New(memory.WithClock(clock.Now))
	base := heapAfterGC()
	payload := &types.AttributeValueMemberS{Value: strings.Repeat("x", 1_000)}
	for i := range n {
		// One partition per item, as receipts are.
		it := withTTL(fmt.Sprintf("RECEIPT#wamid.%d", i), "RECEIPT", "1100", map[string]types.AttributeValue{"body": payload})
		if err := tbl.Put(ctx, it, nil); err != nil {
			t.Fatal(err)
		}
	}
	items, bytes := tbl.Retained()
	if items != n || bytes < n*1_000 {
		t.Fatalf("retained %d items, %d bytes; want %d items of over 1,000 bytes", items, bytes, n)
	}
	full := heapAfterGC()

	clock.Advance(time.Hour)
	if got := tbl.Purge(); got != n {
		t.Fatalf("Purge = %d; want %d", got, n)
	}
	if items, bytes := tbl.Retained(); items != 0 || bytes != 0 {
		t.Fatalf("retained after the purge: %d items, %d bytes; want none", items, bytes)
	}
	purged := heapAfterGC()
	grown, left := int64(full)-int64(base), int64(purged)-int64(base)
	t.Logf("heap: %d bytes before, %d with the items, %d after the purge", base, full, purged)
	if left > grown/50 {
		t.Errorf("the purge gave back %d of the %d bytes the items took; want 98%%", grown-left, grown)
	}
	runtime.KeepAlive(tbl)
}

func heapAfterGC() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestPurgeEveryRunsUntilItsContextEnds purges while the table is in use and
// returns, leaving no goroutine behind, once its context is done.
func TestPurgeEveryRunsUntilItsContextEnds(t *testing.T) {
	leaktest.Check(t)
	tbl := memory.New()
	ctx, cancel := context.WithCancel(t.Context())
	var purging sync.WaitGroup
	purging.Go(func() { tbl.PurgeEvery(ctx, time.Millisecond) })

	past := fmt.Sprint(time.Now().Add(-time.Minute).Unix())
	for i := range 100 {
		if err := tbl.Put(t.Context(), withTTL("P", fmt.Sprint(i), past, nil), nil); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for items, _ := tbl.Retained(); items > 0; items, _ = tbl.Retained() {
		if time.Now().After(deadline) {
			t.Fatalf("%d expired items still retained", items)
		}
		time.Sleep(time.Millisecond)
	}
	cancel()
	purging.Wait()
}
