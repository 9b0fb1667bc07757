package persistencetest

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/persistence"
)

// nested returns a fresh item with values that share memory when copied
// shallowly: a map, a list, bytes and a set.
func nested() persistence.Item {
	it := item("ISO", "1", map[string]any{
		"data": map[string]any{"name": "Ana", "tags": []any{"a"}},
		"raw":  []byte("abc"),
	})
	it["set"] = &types.AttributeValueMemberSS{Value: []string{"x"}}
	return it
}

// mutate changes every nested value of an item built by nested in place.
func mutate(it persistence.Item) {
	m := it["data"].(*types.AttributeValueMemberM).Value
	m["name"] = &types.AttributeValueMemberS{Value: "changed"}
	l := m["tags"].(*types.AttributeValueMemberL)
	l.Value[0] = &types.AttributeValueMemberS{Value: "changed"}
	it["raw"].(*types.AttributeValueMemberB).Value[0] = 'X'
	it["set"].(*types.AttributeValueMemberSS).Value[0] = "changed"
	it["added"] = &types.AttributeValueMemberS{Value: "changed"}
	delete(it, "data")
}

func testIsolation(t *testing.T, tbl persistence.Table) {
	ctx := t.Context()
	in := nested()
	put(t, tbl, in)
	mutate(in) // the caller keeps using its map after Put
	wantItem(t, get(t, tbl, "ISO", "1"), nested())

	mutate(get(t, tbl, "ISO", "1"))
	wantItem(t, get(t, tbl, "ISO", "1"), nested())

	page, err := tbl.Query(ctx, persistence.Query{PK: "ISO"})
	if err != nil || len(page.Items) != 1 {
		t.Fatalf("Query = %d items, %v", len(page.Items), err)
	}
	mutate(page.Items[0])
	wantItem(t, get(t, tbl, "ISO", "1"), nested())

	page, err = tbl.Scan(ctx, persistence.Scan{})
	if err != nil || len(page.Items) != 1 {
		t.Fatalf("Scan = %d items, %v", len(page.Items), err)
	}
	mutate(page.Items[0])
	wantItem(t, get(t, tbl, "ISO", "1"), nested())

	updated, err := tbl.Update(ctx, persistence.Key{PK: "ISO", SK: "1"}, persistence.Update{}, nil)
	if err != nil {
		t.Fatalf("Update: %v", err)
	}
	mutate(updated)
	wantItem(t, get(t, tbl, "ISO", "1"), nested())

	batch := nested()
	batch[persistence.AttrSK] = &types.AttributeValueMemberS{Value: "2"}
	if err := tbl.BatchWrite(ctx, []persistence.Item{batch}, nil); err != nil {
		t.Fatalf("BatchWrite: %v", err)
	}
	mutate(batch)
	want := nested()
	want[persistence.AttrSK] = &types.AttributeValueMemberS{Value: "2"}
	wantItem(t, get(t, tbl, "ISO", "2"), want)
}
