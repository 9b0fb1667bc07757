package dynamo_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/dynamo"
)

func TestConflictKeepsTheSDKError(t *testing.T) {
	api := &fakeAPI{putItem: func(*dynamodb.PutItemInput) (*dynamodb.PutItemOutput, error) {
		return nil, &types.ConditionalCheckFailedException{Message: aws.String("The conditional request failed")}
	}}
	err := dynamo.New(api, "t").Put(t.Context(), items(1)[0], persistence.NotExists(persistence.AttrPK).Ptr())
	var ccf *types.ConditionalCheckFailedException
	if !errors.Is(err, persistence.ErrConflict) || !errors.As(err, &ccf) {
		t.Fatalf("Put = %v; want ErrConflict wrapping the SDK error", err)
	}
}

func TestOtherErrorsAreNotConflicts(t *testing.T) {
	api := &fakeAPI{putItem: func(*dynamodb.PutItemInput) (*dynamodb.PutItemOutput, error) {
		return nil, &types.ProvisionedThroughputExceededException{}
	}}
	err := dynamo.New(api, "t").Put(t.Context(), items(1)[0], nil)
	if err == nil || errors.Is(err, persistence.ErrConflict) {
		t.Fatalf("Put = %v; want a non-conflict error", err)
	}
}

func TestConditionExpression(t *testing.T) {
	var got *dynamodb.PutItemInput
	api := &fakeAPI{putItem: func(in *dynamodb.PutItemInput) (*dynamodb.PutItemOutput, error) {
		got = in
		return &dynamodb.PutItemOutput{}, nil
	}}
	cond := persistence.Or(
		persistence.NotExists(persistence.AttrPK),
		persistence.And(persistence.Less("version", 3), persistence.Equal("status", "open"), persistence.Exists("version")),
	)
	if err := dynamo.New(api, "t").Put(t.Context(), items(1)[0], &cond); err != nil {
		t.Fatalf("Put: %v", err)
	}
	if want := "(attribute_not_exists(#n0)) OR ((#n1 < :v0) AND (#n2 = :v1) AND (attribute_exists(#n1)))"; aws.ToString(got.ConditionExpression) != want {
		t.Errorf("condition = %s; want %s", aws.ToString(got.ConditionExpression), want)
	}
	wantNames := map[string]string{"#n0": "pk", "#n1": "version", "#n2": "status"}
	if !reflect.DeepEqual(got.ExpressionAttributeNames, wantNames) {
		t.Errorf("names = %v; want %v", got.ExpressionAttributeNames, wantNames)
	}
	if n, ok := got.ExpressionAttributeValues[":v0"].(*types.AttributeValueMemberN); !ok || n.Value != "3" {
		t.Errorf(":v0 = %#v; want N 3", got.ExpressionAttributeValues[":v0"])
	}
}

func TestReadsAreConsistentExceptOnTheIndex(t *testing.T) {
	var queries []*dynamodb.QueryInput
	var scan *dynamodb.ScanInput
	var get *dynamodb.GetItemInput
	api := &fakeAPI{
		query: func(in *dynamodb.QueryInput) (*dynamodb.QueryOutput, error) {
			queries = append(queries, in)
			return &dynamodb.QueryOutput{}, nil
		},
		scan: func(in *dynamodb.ScanInput) (*dynamodb.ScanOutput, error) {
			scan = in
			return &dynamodb.ScanOutput{}, nil
		},
		getItem: func(in *dynamodb.GetItemInput) (*dynamodb.GetItemOutput, error) {
			get = in
			return &dynamodb.GetItemOutput{}, nil
		},
	}
	tbl := dynamo.New(api, "t")
	ctx := t.Context()
	if _, err := tbl.Get(ctx, persistence.Key{PK: "P", SK: "S"}); !errors.Is(err, persistence.ErrNotFound) {
		t.Fatalf("Get of no item = %v; want ErrNotFound", err)
	}
	if _, err := tbl.Query(ctx, persistence.Query{PK: "P", SKPrefix: "M#", Descending: true, Limit: 7}); err != nil {
		t.Fatal(err)
	}
	if _, err := tbl.QueryIndex(ctx, persistence.IndexQuery{GSI1PK: "PENDING", SKUpTo: "2024"}); err != nil {
		t.Fatal(err)
	}
	if _, err := tbl.Scan(ctx, persistence.Scan{}); err != nil {
		t.Fatal(err)
	}
	if !aws.ToBool(get.ConsistentRead) || !aws.ToBool(scan.ConsistentRead) {
		t.Errorf("Get and Scan must read consistently")
	}
	q, qi := queries[0], queries[1]
	if !aws.ToBool(q.ConsistentRead) || aws.ToBool(q.ScanIndexForward) || aws.ToInt32(q.Limit) != 7 || q.IndexName != nil {
		t.Errorf("Query input = %+v; want consistent, descending, limit 7, on the table", q)
	}
	if want := "#n0 = :v0 AND begins_with(#n1, :v1)"; aws.ToString(q.KeyConditionExpression) != want {
		t.Errorf("Query key condition = %s; want %s", aws.ToString(q.KeyConditionExpression), want)
	}
	if qi.ConsistentRead != nil || aws.ToString(qi.IndexName) != persistence.IndexGSI1 || qi.Limit != nil {
		t.Errorf("QueryIndex input = %+v; want gsi1, no ConsistentRead, no limit", qi)
	}
	if want := "#n0 = :v0 AND #n1 <= :v1"; aws.ToString(qi.KeyConditionExpression) != want {
		t.Errorf("QueryIndex key condition = %s; want %s", aws.ToString(qi.KeyConditionExpression), want)
	}
}

func TestCursorCarriesKeysLosslessly(t *testing.T) {
	last := map[string]types.AttributeValue{
		"pk":     &types.AttributeValueMemberS{Value: "P \"quoted\" ✓"},
		"sk":     &types.AttributeValueMemberN{Value: "12345678901234567890.000000000000000001"},
		"gsi1sk": &types.AttributeValueMemberB{Value: []byte{0, 255, 10}},
	}
	var start map[string]types.AttributeValue
	api := &fakeAPI{query: func(in *dynamodb.QueryInput) (*dynamodb.QueryOutput, error) {
		start = in.ExclusiveStartKey
		return &dynamodb.QueryOutput{LastEvaluatedKey: last}, nil
	}}
	tbl := dynamo.New(api, "t")
	page, err := tbl.Query(t.Context(), persistence.Query{PK: "P"})
	if err != nil || page.Next == "" {
		t.Fatalf("Query = %q, %v; want a cursor", page.Next, err)
	}
	if _, err := tbl.Query(t.Context(), persistence.Query{PK: "P", Cursor: page.Next}); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(start, last) {
		t.Fatalf("ExclusiveStartKey = %#v; want %#v", start, last)
	}
}

func FuzzCursor(f *testing.F) {
	f.Add("")
	f.Add("eyJwayI6eyJTIjoiUCJ9fQ") // {"pk":{"S":"P"}}
	f.Add("eyJwayI6eyJTIjoiUCIsIk4iOiIxIn19")
	f.Add("not a cursor")
	api := &fakeAPI{query: func(in *dynamodb.QueryInput) (*dynamodb.QueryOutput, error) {
		return &dynamodb.QueryOutput{LastEvaluatedKey: in.ExclusiveStartKey}, nil
	}}
	tbl := dynamo.New(api, "t")
	f.Fuzz(func(t *testing.T, cursor string) {
		page, err := tbl.Query(t.Context(), persistence.Query{PK: "P", Cursor: cursor})
		if err != nil || cursor == "" {
			return
		}
		// A cursor that decodes re-encodes to a cursor for the same key.
		again, err := tbl.Query(t.Context(), persistence.Query{PK: "P", Cursor: page.Next})
		if err != nil || again.Next != page.Next {
			t.Fatalf("cursor %q: re-encoded %q does not round-trip (%q, %v)", cursor, page.Next, again.Next, err)
		}
	})
}
