package persistence_test

import (
	"context"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// newTable returns a fresh memory table whose TTL clock stands at t0, so
// receipts built at t0 are alive. Its pages hold at most two items, so every
// repository read that spans pages proves it hides paging.
func newTable(t *testing.T) persistence.Table {
	t.Helper()
	return smallPages{memory.New(memory.WithClock(func() time.Time { return t0 }))}
}

// smallPages caps every page at two items.
type smallPages struct{ persistence.Table }

func (s smallPages) Query(ctx context.Context, q persistence.Query) (persistence.Page, error) {
	if q.Limit == 0 || q.Limit > 2 {
		q.Limit = 2
	}
	return s.Table.Query(ctx, q)
}

func (s smallPages) QueryIndex(ctx context.Context, q persistence.IndexQuery) (persistence.Page, error) {
	if q.Limit == 0 || q.Limit > 2 {
		q.Limit = 2
	}
	return s.Table.QueryIndex(ctx, q)
}

// allItems scans the whole table.
func allItems(t *testing.T, table persistence.Table) []persistence.Item {
	t.Helper()
	var items []persistence.Item
	s := persistence.Scan{}
	for {
		page, err := table.Scan(context.Background(), s)
		if err != nil {
			t.Fatalf("scan: %v", err)
		}
		items = append(items, page.Items...)
		if page.Next == "" {
			return items
		}
		s.Cursor = page.Next
	}
}

// avString reads a string attribute value; others read as "".
func avString(av types.AttributeValue) string {
	if s, ok := av.(*types.AttributeValueMemberS); ok {
		return s.Value
	}
	return ""
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
