package persistence_test

import (
	"fmt"
	"hash/fnv"
	"sort"
	"testing"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

func TestKeySchema(t *testing.T) {
	tests := []struct{ got, want string }{
		{persistence.SessionPK("+55119"), "SESSION#+55119"},
		{persistence.SessionSK("abc"), "S#abc"},
		{persistence.MessageSK("abc", t0, "m1"), "M#abc#2025-03-14T12:00:00.123456789Z#m1"},
		{persistence.MessagePrefix("abc"), "M#abc#"},
		{persistence.DebouncePK("+55119"), "DEBOUNCE#+55119"},
		{persistence.ReceiptPK("wamid.X"), "RECEIPT#wamid.X"},
		{persistence.LatestPK("+55119"), "RECEIPT#+55119"},
		{persistence.ProjectionPK("abc"), "CRM_SYNC#abc"},
		{persistence.ProjectionIndexPK(persistence.ProjectionPending, "abc"), fmt.Sprintf("CRM_SYNC#DUE#%02d", persistence.WorkShard("abc"))},
		{persistence.ProjectionIndexPK(persistence.ProjectionUncertain, "abc"), fmt.Sprintf("CRM_SYNC#DUE#%02d", persistence.WorkShard("abc"))},
		{persistence.ProjectionIndexPK(persistence.ProjectionBlocked, "abc"), "CRM_SYNC#BLOCKED"},
		{persistence.ProjectionIndexSK(t0, "abc"), "2025-03-14T12:00:00.123456789Z#abc"},
		{persistence.ProviderIndexPK("wamid.X"), "PMID#wamid.X"},
		{persistence.DemandSK(t0, "d1"), "2025-03-14T12:00:00.123456789Z#d1"},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("key %q, want %q", tc.got, tc.want)
		}
	}
}

// Message keys must sort in time order, whatever the fraction of a second and
// whatever the zone the caller's time was in.
func TestMessageKeysSortInTimeOrder(t *testing.T) {
	sp := time.FixedZone("BRT", -3*60*60)
	times := []time.Time{
		time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2025, 1, 1, 0, 0, 0, 5, time.UTC),
		time.Date(2025, 1, 1, 0, 0, 0, 500_000_000, time.UTC),
		time.Date(2024, 12, 31, 22, 0, 1, 0, sp), // 2025-01-01T01:00:01Z
		time.Date(2025, 1, 1, 10, 0, 0, 0, time.UTC),
	}
	keys := make([]string, len(times))
	for i, ts := range times {
		keys[i] = persistence.MessageSK("s", ts, "m")
	}
	if !sort.StringsAreSorted(keys) {
		t.Errorf("message keys out of time order: %q", keys)
	}
}

// TestWorkShardIsFNV1a: a phone's shard is the 32-bit FNV-1a hash of its
// number modulo WorkShards, as items already stored were indexed.
func TestWorkShardIsFNV1a(t *testing.T) {
	for _, phone := range []string{"", "5511999990000", "551199999000", "+1 (415) 555-0100", "ação"} {
		h := fnv.New32a()
		h.Write([]byte(phone))
		if got, want := persistence.WorkShard(phone), int(h.Sum32()%persistence.WorkShards); got != want {
			t.Errorf("WorkShard(%q) = %d, want %d", phone, got, want)
		}
	}
}
