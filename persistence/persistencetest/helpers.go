package persistencetest

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/persistence"
)

// item builds an item under pk/sk from Go values, marshalled as the
// repositories marshal them.
func item(pk, sk string, attrs map[string]any) persistence.Item {
	it, err := attributevalue.MarshalMap(attrs)
	if err != nil {
		panic(fmt.Sprintf("persistencetest: marshal %v: %v", attrs, err))
	}
	if it == nil {
		it = persistence.Item{}
	}
	it[persistence.AttrPK] = &types.AttributeValueMemberS{Value: pk}
	it[persistence.AttrSK] = &types.AttributeValueMemberS{Value: sk}
	return it
}

func put(t *testing.T, tbl persistence.Table, items ...persistence.Item) {
	t.Helper()
	for _, it := range items {
		if err := tbl.Put(t.Context(), it, nil); err != nil {
			t.Fatalf("Put(%s): %v", show(it), err)
		}
	}
}

func get(t *testing.T, tbl persistence.Table, pk, sk string) persistence.Item {
	t.Helper()
	it, err := tbl.Get(t.Context(), persistence.Key{PK: pk, SK: sk})
	if err != nil {
		t.Fatalf("Get(%s/%s): %v", pk, sk, err)
	}
	return it
}

// wantAbsent fails unless Get reports ErrNotFound.
func wantAbsent(t *testing.T, tbl persistence.Table, pk, sk string) {
	t.Helper()
	it, err := tbl.Get(t.Context(), persistence.Key{PK: pk, SK: sk})
	if !errors.Is(err, persistence.ErrNotFound) {
		t.Fatalf("Get(%s/%s) = %s, %v; want ErrNotFound", pk, sk, show(it), err)
	}
}

// wantItem fails unless got and want hold the same attributes and values.
func wantItem(t *testing.T, got, want persistence.Item) {
	t.Helper()
	if !reflect.DeepEqual(canon(got), canon(want)) {
		t.Fatalf("item mismatch\n got: %s\nwant: %s", show(got), show(want))
	}
}

// wantRejected fails unless err is a validation error: non-nil and neither
// ErrConflict nor ErrNotFound.
func wantRejected(t *testing.T, what string, err error) {
	t.Helper()
	switch {
	case err == nil:
		t.Fatalf("%s succeeded; want a validation error", what)
	case errors.Is(err, persistence.ErrConflict), errors.Is(err, persistence.ErrNotFound):
		t.Fatalf("%s: %v; want a validation error", what, err)
	}
}

// show prints an item canonically, for failure messages.
func show(it persistence.Item) string {
	if it == nil {
		return "<nil>"
	}
	return fmt.Sprint(canon(it))
}

// canon turns an item into plain Go values that compare with DeepEqual:
// each value tagged with its type, sets sorted (DynamoDB does not keep set
// order).
func canon(it persistence.Item) map[string]any {
	out := make(map[string]any, len(it))
	for k, v := range it {
		out[k] = canonValue(v)
	}
	return out
}

func canonValue(v types.AttributeValue) any {
	switch v := v.(type) {
	case *types.AttributeValueMemberS:
		return "S:" + v.Value
	case *types.AttributeValueMemberN:
		return "N:" + v.Value
	case *types.AttributeValueMemberB:
		return "B:" + string(v.Value)
	case *types.AttributeValueMemberBOOL:
		return fmt.Sprintf("BOOL:%t", v.Value)
	case *types.AttributeValueMemberNULL:
		return "NULL"
	case *types.AttributeValueMemberSS:
		return "SS:" + fmt.Sprint(sorted(v.Value))
	case *types.AttributeValueMemberNS:
		return "NS:" + fmt.Sprint(sorted(v.Value))
	case *types.AttributeValueMemberBS:
		s := make([]string, len(v.Value))
		for i, b := range v.Value {
			s[i] = string(b)
		}
		return "BS:" + fmt.Sprint(sorted(s))
	case *types.AttributeValueMemberL:
		out := make([]any, len(v.Value))
		for i, e := range v.Value {
			out[i] = canonValue(e)
		}
		return out
	case *types.AttributeValueMemberM:
		return canon(v.Value)
	}
	return fmt.Sprintf("%T", v)
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// sortKeys returns the sk of each item, in order.
func sortKeys(items []persistence.Item) []string {
	out := make([]string, len(items))
	for i, it := range items {
		if s, ok := it[persistence.AttrSK].(*types.AttributeValueMemberS); ok {
			out[i] = s.Value
		}
	}
	return out
}

// collect follows a paged read from the start to the page without Next and
// returns all items in order. It fails when a page holds more than limit
// items (limit > 0) or the paging does not end.
func collect(t *testing.T, limit int32, read func(cursor string) (persistence.Page, error)) []persistence.Item {
	t.Helper()
	var all []persistence.Item
	cursor := ""
	for range 1000 {
		page, err := read(cursor)
		if err != nil {
			t.Fatalf("read page after cursor %q: %v", cursor, err)
		}
		if limit > 0 && len(page.Items) > int(limit) {
			t.Fatalf("page of %d items; limit %d", len(page.Items), limit)
		}
		all = append(all, page.Items...)
		if page.Next == "" {
			return all
		}
		cursor = page.Next
	}
	t.Fatalf("paging did not end")
	return nil
}

// keys makes n sort keys "<prefix>00", "<prefix>01", ... in byte order.
func keys(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s%02d", prefix, i)
	}
	return out
}
