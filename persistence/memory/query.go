package memory

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/intake-runtime/intake/internal/redact"
	"github.com/intake-runtime/intake/persistence"
)

// Query returns one page of the partition q.PK in sort key order.
func (t *Table) Query(ctx context.Context, q persistence.Query) (persistence.Page, error) {
	if err := ctx.Err(); err != nil {
		return persistence.Page{}, fmt.Errorf("memory: query %s: %w", redact.Phones(q.PK), err)
	}
	if err := checkKeyValue(persistence.AttrPK, q.PK, maxPartitionKey); err != nil {
		return persistence.Page{}, fmt.Errorf("memory: query %s: %w", redact.Phones(q.PK), err)
	}
	if err := checkLimit(q.Limit); err != nil {
		return persistence.Page{}, fmt.Errorf("memory: query %s: %w", redact.Phones(q.PK), err)
	}
	cursor, err := queryCursor(q.Cursor, func(p position) bool { return p.PK == q.PK && p.GSI1SK == "" })
	if err != nil {
		return persistence.Page{}, fmt.Errorf("memory: query %s: %w", redact.Phones(q.PK), err)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	var entries []entry
	now := t.now()
	slots := t.items.parts[q.PK]
	from, ranged := q.SKPrefix, q.SKFrom != "" && q.SKTo != ""
	if ranged {
		from = q.SKFrom
	}
	start, _ := findSlot(slots, from)
	for _, s := range slots[start:] {
		if !strings.HasPrefix(s.sk, q.SKPrefix) || ranged && s.sk > q.SKTo {
			break
		}
		if !s.rec.expired(now) {
			entries = append(entries, entry{pos: position{PK: q.PK, SK: s.sk}, rec: s.rec})
		}
	}
	return paginate(entries, cursor, q.Descending, q.Limit, nil), nil
}

// QueryIndex returns one page of the gsi1 partition q.GSI1PK in gsi1sk order
// (reversed when q.Descending), up to and including q.SKUpTo when set: the
// items, or only their keys when q.KeysOnly. Items with equal gsi1sk come in
// table key order (DynamoDB leaves that order unspecified). The index is in
// step with the table, as DynamoDB's reads it by key after the index.
func (t *Table) QueryIndex(ctx context.Context, q persistence.IndexQuery) (persistence.Page, error) {
	if err := ctx.Err(); err != nil {
		return persistence.Page{}, fmt.Errorf("memory: query index %s: %w", q.GSI1PK, err)
	}
	if err := checkKeyValue(persistence.AttrGSI1PK, q.GSI1PK, maxPartitionKey); err != nil {
		return persistence.Page{}, fmt.Errorf("memory: query index %s: %w", q.GSI1PK, err)
	}
	if err := checkLimit(q.Limit); err != nil {
		return persistence.Page{}, fmt.Errorf("memory: query index %s: %w", q.GSI1PK, err)
	}
	cursor, err := queryCursor(q.Cursor, func(p position) bool { return p.GSI1PK == q.GSI1PK && p.GSI1SK != "" })
	if err != nil {
		return persistence.Page{}, fmt.Errorf("memory: query index %s: %w", q.GSI1PK, err)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	now := t.now()
	var entries []entry
	for key := range t.items.index[q.GSI1PK] {
		rec, _ := t.items.get(key)
		if rec.expired(now) || q.SKUpTo != "" && rec.gsi1sk > q.SKUpTo {
			continue
		}
		pos := position{PK: key.PK, SK: key.SK, GSI1PK: q.GSI1PK, GSI1SK: rec.gsi1sk}
		entries = append(entries, entry{pos: pos, rec: rec})
	}
	slices.SortFunc(entries, func(a, b entry) int {
		switch {
		case a.pos.before(b.pos):
			return -1
		case b.pos.before(a.pos):
			return 1
		}
		return 0
	})
	page := paginate(entries, cursor, q.Descending, q.Limit, nil)
	if q.KeysOnly {
		for i, item := range page.Items {
			page.Items[i] = indexEntry(item)
		}
	}
	return page, nil
}

// indexEntry is what gsi1 holds of item: its table and index keys.
func indexEntry(item persistence.Item) persistence.Item {
	entry := make(persistence.Item, len(persistence.IndexEntryAttrs))
	for _, name := range persistence.IndexEntryAttrs {
		entry[name] = item[name]
	}
	return entry
}

// queryCursor decodes an optional cursor and checks that it came from the
// same kind of query over the same partition, as DynamoDB checks an
// ExclusiveStartKey against the key schema.
func queryCursor(s string, belongs func(position) bool) (*position, error) {
	if s == "" {
		return nil, nil
	}
	p, err := decodeCursor(s)
	if err != nil {
		return nil, err
	}
	if !belongs(p) {
		return nil, fmt.Errorf("the cursor does not belong to this query")
	}
	return &p, nil
}
