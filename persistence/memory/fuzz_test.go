package memory_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// FuzzCursor feeds arbitrary cursors, which may reach the table from
// outside (an admin page's "next" parameter), to every paged read.
func FuzzCursor(f *testing.F) {
	ctx := context.Background()
	tbl := memory.New()
	for _, sk := range []string{"a", "b", "c"} {
		err := tbl.Put(ctx, persistence.Item{
			persistence.AttrPK:     &types.AttributeValueMemberS{Value: "P"},
			persistence.AttrSK:     &types.AttributeValueMemberS{Value: sk},
			persistence.AttrGSI1PK: &types.AttributeValueMemberS{Value: "G"},
			persistence.AttrGSI1SK: &types.AttributeValueMemberS{Value: sk},
		}, nil)
		if err != nil {
			f.Fatal(err)
		}
	}
	for _, read := range []func(string) (persistence.Page, error){
		func(c string) (persistence.Page, error) {
			return tbl.Query(ctx, persistence.Query{PK: "P", Limit: 1, Cursor: c})
		},
		func(c string) (persistence.Page, error) {
			return tbl.QueryIndex(ctx, persistence.IndexQuery{GSI1PK: "G", Limit: 1, Cursor: c})
		},
		func(c string) (persistence.Page, error) { return tbl.Scan(ctx, persistence.Scan{Limit: 1, Cursor: c}) },
	} {
		page, err := read("")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(page.Next)
	}
	f.Add("not a cursor")
	f.Fuzz(func(t *testing.T, cursor string) {
		pages := []func() (persistence.Page, error){
			func() (persistence.Page, error) {
				return tbl.Query(ctx, persistence.Query{PK: "P", Limit: 1, Cursor: cursor, Descending: len(cursor)%2 == 0})
			},
			func() (persistence.Page, error) {
				return tbl.QueryIndex(ctx, persistence.IndexQuery{GSI1PK: "G", Limit: 1, Cursor: cursor})
			},
			func() (persistence.Page, error) { return tbl.Scan(ctx, persistence.Scan{Limit: 1, Cursor: cursor}) },
		}
		for _, read := range pages {
			page, err := read()
			if err == nil && len(page.Items) > 1 {
				t.Fatalf("cursor %q: %d items on a page of 1", cursor, len(page.Items))
			}
		}
	})
}

// FuzzNumber checks that every number the table accepts comes back in a
// canonical form that keeps its value and is stable when stored again.
func FuzzNumber(f *testing.F) {
	for _, s := range []string{"0", "-0.0", "1.50", "1e3", "0001.2300e-2", "-12", ".5", "5.", "1e125", "1e-130", "abc", "+1", "1e"} {
		f.Add(s)
	}
	ctx := context.Background()
	key := persistence.Key{PK: "P", SK: "S"}
	roundTrip := func(tbl *memory.Table, n string) (string, error) {
		err := tbl.Put(ctx, persistence.Item{
			persistence.AttrPK: &types.AttributeValueMemberS{Value: key.PK},
			persistence.AttrSK: &types.AttributeValueMemberS{Value: key.SK},
			"n":                &types.AttributeValueMemberN{Value: n},
		}, nil)
		if err != nil {
			return "", err
		}
		it, err := tbl.Get(ctx, key)
		if err != nil {
			return "", err
		}
		return it["n"].(*types.AttributeValueMemberN).Value, nil
	}
	f.Fuzz(func(t *testing.T, n string) {
		tbl := memory.New()
		canonical, err := roundTrip(tbl, n)
		if err != nil {
			return
		}
		again, err := roundTrip(tbl, canonical)
		if err != nil || again != canonical {
			t.Fatalf("%q stored as %q, which stores as %q (%v)", n, canonical, again, err)
		}
		in, err1 := strconv.ParseFloat(n, 64)
		out, err2 := strconv.ParseFloat(canonical, 64)
		if err1 == nil && err2 == nil && in != out {
			t.Fatalf("%q (%g) stored as %q (%g)", n, in, canonical, out)
		}
		eq := persistence.Condition{Op: persistence.OpEqual, Name: "n", Value: &types.AttributeValueMemberN{Value: n}}
		if _, err := tbl.Update(ctx, key, persistence.Update{}, &eq); err != nil {
			t.Fatalf("%q does not equal its stored form %q: %v", n, canonical, err)
		}
	})
}
