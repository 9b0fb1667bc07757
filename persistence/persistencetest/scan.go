package persistencetest

import (
	"fmt"
	"slices"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/persistence"
)

// scanFixture stores 12 items over 3 partitions, 6 of them pending, and
// returns the "pk/sk" of all items and of the pending ones, sorted.
func scanFixture(t *testing.T, tbl persistence.Table) (all, pending []string) {
	for i := range 12 {
		pk, sk := fmt.Sprintf("CRM_SYNC#%d", i%3), fmt.Sprintf("R#%02d", i)
		status := "done"
		if i%5 < 2 {
			status = "pending"
		}
		put(t, tbl, item(pk, sk, map[string]any{"status": status}))
		all = append(all, pk+"/"+sk)
		if status == "pending" {
			pending = append(pending, pk+"/"+sk)
		}
	}
	slices.Sort(all)
	slices.Sort(pending)
	return all, pending
}

// itemKeys returns the "pk/sk" of each item, sorted: scan order is the
// backend's own.
func itemKeys(items []persistence.Item) []string {
	out := make([]string, len(items))
	for i, it := range items {
		pk, _ := it[persistence.AttrPK].(*types.AttributeValueMemberS)
		sk, _ := it[persistence.AttrSK].(*types.AttributeValueMemberS)
		if pk != nil && sk != nil {
			out[i] = pk.Value + "/" + sk.Value
		}
	}
	slices.Sort(out)
	return out
}

func testScan(t *testing.T, tbl persistence.Table) {
	all, _ := scanFixture(t, tbl)
	page, err := tbl.Scan(t.Context(), persistence.Scan{})
	if err != nil {
		t.Fatalf("Scan: %v", err)
	}
	if got := itemKeys(page.Items); !slices.Equal(got, all) || page.Next != "" {
		t.Fatalf("Scan = %q (next %q); want %q", got, page.Next, all)
	}
	got := collect(t, 5, func(cursor string) (persistence.Page, error) {
		return tbl.Scan(t.Context(), persistence.Scan{Limit: 5, Cursor: cursor})
	})
	if !slices.Equal(itemKeys(got), all) {
		t.Fatalf("paged Scan = %q; want each item once: %q", itemKeys(got), all)
	}
}

func testScanFilter(t *testing.T, tbl persistence.Table) {
	_, pending := scanFixture(t, tbl)
	filter := persistence.Equal("status", "pending").Ptr()
	page, err := tbl.Scan(t.Context(), persistence.Scan{Filter: filter})
	if err != nil {
		t.Fatalf("Scan: %v", err)
	}
	if got := itemKeys(page.Items); !slices.Equal(got, pending) {
		t.Fatalf("filtered Scan = %q; want %q", got, pending)
	}
	// Limit counts items read before the filter, so pages may be short.
	got := collect(t, 4, func(cursor string) (persistence.Page, error) {
		return tbl.Scan(t.Context(), persistence.Scan{Filter: filter, Limit: 4, Cursor: cursor})
	})
	if !slices.Equal(itemKeys(got), pending) {
		t.Fatalf("paged filtered Scan = %q; want %q", itemKeys(got), pending)
	}
}
