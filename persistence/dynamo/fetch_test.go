package dynamo_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/dynamo"
)

// indexed is an item of partition pk, listed in gsi1 under gsi1pk/gsi1sk;
// with keysOnly, it is the index's entry of it.
func indexed(pk, gsi1pk, gsi1sk string, keysOnly bool) map[string]types.AttributeValue {
	s := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	item := map[string]types.AttributeValue{
		persistence.AttrPK: s(pk), persistence.AttrSK: s("META"),
		persistence.AttrGSI1PK: s(gsi1pk), persistence.AttrGSI1SK: s(gsi1sk),
	}
	if !keysOnly {
		item["session_id"] = s(pk)
	}
	return item
}

func pks(items []persistence.Item) []string {
	out := make([]string, len(items))
	for i, item := range items {
		out[i] = item[persistence.AttrPK].(*types.AttributeValueMemberS).Value
	}
	return out
}

// The index lists keys; the page holds the items read by key (eventually
// consistent, as the index), in the index's order, unprocessed keys asked
// again, and items that left the queried range since the index listed them
// left out.
func TestIndexQueryReadsItsItemsByKey(t *testing.T) {
	var query *dynamodb.QueryInput
	var gets []*dynamodb.BatchGetItemInput
	api := &fakeAPI{
		query: func(in *dynamodb.QueryInput) (*dynamodb.QueryOutput, error) {
			query = in
			return &dynamodb.QueryOutput{Items: []map[string]types.AttributeValue{
				indexed("A", "PENDING", "1", true), indexed("B", "PENDING", "2", true), indexed("C", "PENDING", "3", true),
				indexed("D", "PENDING", "4", true), indexed("E", "PENDING", "5", true),
			}}, nil
		},
		batchGetItem: func(in *dynamodb.BatchGetItemInput) (*dynamodb.BatchGetItemOutput, error) {
			gets = append(gets, in)
			if len(gets) == 2 {
				return &dynamodb.BatchGetItemOutput{Responses: map[string][]map[string]types.AttributeValue{
					"t": {indexed("D", "PENDING", "4", false)},
				}}, nil
			}
			keys := in.RequestItems["t"].Keys
			return &dynamodb.BatchGetItemOutput{
				Responses: map[string][]map[string]types.AttributeValue{"t": {
					indexed("E", "PENDING", "9", false), // due later now: past SKUpTo
					indexed("C", "DONE", "3", false),    // left the partition
					indexed("A", "PENDING", "1", false),
				}}, // B was deleted
				UnprocessedKeys: map[string]types.KeysAndAttributes{"t": {Keys: keys[3:4]}},
			}, nil
		},
	}
	tbl := dynamo.New(api, "t")
	dynamo.SetRetry(tbl, 3, time.Millisecond)
	page, err := tbl.QueryIndex(t.Context(), persistence.IndexQuery{GSI1PK: "PENDING", SKUpTo: "5"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := pks(page.Items), []string{"A", "D"}; !slices.Equal(got, want) {
		t.Errorf("page = %q; want %q", got, want)
	}
	if page.Items[0]["session_id"] == nil {
		t.Errorf("page item A = %v; want the whole item", page.Items[0])
	}
	if len(gets) != 2 || len(gets[0].RequestItems["t"].Keys) != 5 || len(gets[1].RequestItems["t"].Keys) != 1 {
		t.Fatalf("BatchGetItem calls = %d; want 5 keys, then the unprocessed one", len(gets))
	}
	for _, in := range gets {
		if aws.ToBool(in.RequestItems["t"].ConsistentRead) {
			t.Errorf("BatchGetItem reads consistently: twice the price of the eventual reads the index allows")
		}
	}
	if query.ProjectionExpression != nil {
		t.Errorf("the index query projects %q; want the whole entries", aws.ToString(query.ProjectionExpression))
	}
}

// An index that projects every attribute, as older releases created it,
// holds the items themselves: nothing more is read.
func TestWholeIndexEntriesAreTheItems(t *testing.T) {
	api := &fakeAPI{query: func(*dynamodb.QueryInput) (*dynamodb.QueryOutput, error) {
		return &dynamodb.QueryOutput{Items: []map[string]types.AttributeValue{
			indexed("A", "PENDING", "1", false), indexed("B", "PENDING", "2", false),
		}}, nil
	}} // a BatchGetItem call would panic on the nil func
	page, err := dynamo.New(api, "t").QueryIndex(t.Context(), persistence.IndexQuery{GSI1PK: "PENDING"})
	if err != nil || !slices.Equal(pks(page.Items), []string{"A", "B"}) || page.Items[1]["session_id"] == nil {
		t.Fatalf("QueryIndex = %v, %v; want the items A and B as the index holds them", page.Items, err)
	}
}

// A KeysOnly query asks the index for the keys alone, whatever it projects,
// and reads nothing more.
func TestKeysOnlyIndexQueryReadsNothingMore(t *testing.T) {
	var query *dynamodb.QueryInput
	api := &fakeAPI{query: func(in *dynamodb.QueryInput) (*dynamodb.QueryOutput, error) {
		query = in
		return &dynamodb.QueryOutput{Items: []map[string]types.AttributeValue{indexed("A", "PMID#x", "M#1", true)}}, nil
	}} // a BatchGetItem call would panic on the nil func
	page, err := dynamo.New(api, "t").QueryIndex(t.Context(), persistence.IndexQuery{GSI1PK: "PMID#x", KeysOnly: true})
	if err != nil || !slices.Equal(pks(page.Items), []string{"A"}) {
		t.Fatalf("QueryIndex = %v, %v; want the entry of A", page.Items, err)
	}
	var projected []string
	for _, p := range strings.Split(aws.ToString(query.ProjectionExpression), ", ") {
		projected = append(projected, query.ExpressionAttributeNames[p])
	}
	slices.Sort(projected)
	if want := []string{persistence.AttrGSI1PK, persistence.AttrGSI1SK, persistence.AttrPK, persistence.AttrSK}; !slices.Equal(projected, want) {
		t.Errorf("the index query projects %q; want the keys %q", projected, want)
	}
}

func TestIndexQueryReadsItemsAHundredAtATime(t *testing.T) {
	var sizes []int
	api := &fakeAPI{
		query: func(*dynamodb.QueryInput) (*dynamodb.QueryOutput, error) {
			out := &dynamodb.QueryOutput{}
			for i := range 230 {
				out.Items = append(out.Items, indexed(string(rune('a'+i%26))+strings.Repeat("x", i/26), "P", "1", true))
			}
			return out, nil
		},
		batchGetItem: func(in *dynamodb.BatchGetItemInput) (*dynamodb.BatchGetItemOutput, error) {
			sizes = append(sizes, len(in.RequestItems["t"].Keys))
			return &dynamodb.BatchGetItemOutput{}, nil
		},
	}
	if _, err := dynamo.New(api, "t").QueryIndex(t.Context(), persistence.IndexQuery{GSI1PK: "P"}); err != nil {
		t.Fatal(err)
	}
	if want := []int{100, 100, 30}; !slices.Equal(sizes, want) {
		t.Errorf("BatchGetItem sizes = %v; want %v", sizes, want)
	}
}
