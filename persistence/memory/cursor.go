package memory

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/intake-runtime/intake/persistence"
)

// position is where an item sits in the order of a query, index query or
// scan. Cursors carry the position of the last item of a page, as DynamoDB's
// LastEvaluatedKey carries its keys.
type position struct {
	PK     string `json:"pk"`
	SK     string `json:"sk"`
	GSI1PK string `json:"gpk,omitempty"`
	GSI1SK string `json:"gsk,omitempty"`
}

// before orders positions by index sort key (empty outside the index), then
// by table keys: the order of table partitions, scans and gsi1.
func (p position) before(o position) bool {
	if p.GSI1SK != o.GSI1SK {
		return p.GSI1SK < o.GSI1SK
	}
	if p.PK != o.PK {
		return p.PK < o.PK
	}
	return p.SK < o.SK
}

// entry is one visible record at its position.
type entry struct {
	pos position
	rec record
}

func encodeCursor(p position) string {
	b, _ := json.Marshal(p) // a struct of strings always marshals
	return base64.RawURLEncoding.EncodeToString(b)
}

func decodeCursor(s string) (position, error) {
	var p position
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err == nil {
		err = json.Unmarshal(b, &p)
	}
	if err != nil || p.PK == "" || p.SK == "" {
		return position{}, fmt.Errorf("invalid cursor %q", s)
	}
	return p, nil
}

// paginate returns one page of entries, which are sorted ascending by
// position. It resumes after cursor, walks backwards when desc, evaluates at
// most limit entries (zero: all) and keeps those that pass keep: as in
// DynamoDB, a filter does not make the page longer. Next is set only when
// entries remain, so the last page has an empty Next.
func paginate(entries []entry, cursor *position, desc bool, limit int32, keep func(persistence.Item) bool) persistence.Page {
	if desc {
		for i, j := 0, len(entries)-1; i < j; i, j = i+1, j-1 {
			entries[i], entries[j] = entries[j], entries[i]
		}
	}
	start := 0
	if cursor != nil {
		start = sort.Search(len(entries), func(i int) bool {
			if desc {
				return entries[i].pos.before(*cursor)
			}
			return cursor.before(entries[i].pos)
		})
	}
	rest := entries[start:]
	if limit > 0 && int(limit) < len(rest) {
		rest = rest[:limit]
	}
	page := persistence.Page{Items: []persistence.Item{}}
	for _, e := range rest {
		if keep == nil || keep(e.rec.item) {
			page.Items = append(page.Items, copyItem(e.rec.item))
		}
	}
	if start+len(rest) < len(entries) {
		page.Next = encodeCursor(rest[len(rest)-1].pos)
	}
	return page
}
