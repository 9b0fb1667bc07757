package persistence

import (
	"context"
	"math"
)

// queryAll reads the pages of q until the last one, or until max items when
// max > 0, so repositories hide paging from their callers.
func queryAll(ctx context.Context, t Table, q Query, max int) ([]Item, error) {
	return readPages(max, func(limit int32, cursor string) (Page, error) {
		q.Limit, q.Cursor = limit, cursor
		return t.Query(ctx, q)
	})
}

// queryIndexAll is queryAll over a gsi1 partition.
func queryIndexAll(ctx context.Context, t Table, q IndexQuery, max int) ([]Item, error) {
	return readPages(max, func(limit int32, cursor string) (Page, error) {
		q.Limit, q.Cursor = limit, cursor
		return t.QueryIndex(ctx, q)
	})
}

// readPages calls read with each page's limit and cursor until the last
// page, or until max items when max > 0.
func readPages(max int, read func(limit int32, cursor string) (Page, error)) ([]Item, error) {
	var items []Item
	for cursor := ""; ; {
		page, err := read(pageLimit(max, len(items)), cursor)
		if err != nil {
			return nil, err
		}
		items = append(items, page.Items...)
		if page.Next == "" || max > 0 && len(items) >= max {
			return items, nil
		}
		cursor = page.Next
	}
}

// pageLimit asks for no more than the items still wanted; zero leaves the
// page size to the backend.
func pageLimit(max, have int) int32 {
	if max <= 0 {
		return 0
	}
	return int32(min(max-have, math.MaxInt32))
}
