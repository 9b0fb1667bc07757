package dynamo_test

import (
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/dynamo"
)

// TestUsage meters requests against DynamoDB Local, which reports consumed
// capacity as DynamoDB bills it.
func TestUsage(t *testing.T) {
	ctx := t.Context()
	var usage dynamo.Usage
	plain := newTable(t, localClient(t))
	tbl := plain.WithUsage(&usage)

	kb := persistence.Item{
		persistence.AttrPK: &types.AttributeValueMemberS{Value: "P"},
		persistence.AttrSK: &types.AttributeValueMemberS{Value: "KB"},
		"data":             &types.AttributeValueMemberS{Value: strings.Repeat("x", 1000)},
	}
	if err := tbl.Put(ctx, kb, nil); err != nil {
		t.Fatalf("Put: %v", err)
	}
	got := usage.Snapshot()
	if got.Requests["PutItem"] != 1 || got.TotalRequests() != 1 || got.WriteCapacityUnits < 1 || got.ReadCapacityUnits != 0 {
		t.Fatalf("after a 1 KB put: %+v; want 1 PutItem, at least 1 WCU", got)
	}
	t.Logf("1 KB put: %+v", got)

	usage.Reset()
	if got := usage.Snapshot(); got.TotalRequests() != 0 || got.WriteCapacityUnits != 0 || got.ReadCapacityUnits != 0 {
		t.Fatalf("after Reset: %+v; want zeros", got)
	}
	if err := tbl.Transact(ctx, []persistence.TxWrite{persistence.PutTx(items(2)[0], nil), persistence.PutTx(items(2)[1], nil)}); err != nil {
		t.Fatalf("Transact: %v", err)
	}
	got = usage.Snapshot()
	if got.Requests["TransactWriteItems"] != 1 || got.WriteCapacityUnits != 4 {
		t.Fatalf("after a transaction of two small items: %+v; want 1 TransactWriteItems, 4 WCU (2 per item)", got)
	}
	t.Logf("2-item transaction: %+v", got)

	usage.Reset()
	if _, err := tbl.Get(ctx, persistence.Key{PK: "P", SK: "KB"}); err != nil {
		t.Fatalf("Get: %v", err)
	}
	if _, err := tbl.Query(ctx, persistence.Query{PK: "P"}); err != nil {
		t.Fatalf("Query: %v", err)
	}
	if err := plain.Put(ctx, kb, nil); err != nil { // the table it was copied from counts nothing
		t.Fatalf("Put: %v", err)
	}
	got = usage.Snapshot()
	if got.Requests["GetItem"] != 1 || got.Requests["Query"] != 1 || got.TotalRequests() != 2 || got.ReadCapacityUnits < 2 || got.WriteCapacityUnits != 0 {
		t.Fatalf("after a strongly consistent get and query of a 1 KB item: %+v; want 2 requests, at least 2 RCU", got)
	}
	got.Requests["GetItem"] = 100
	if usage.Snapshot().Requests["GetItem"] != 1 {
		t.Fatalf("a snapshot shares its map with the meter")
	}
}

// TestUsageSplitsCapacity checks the bookkeeping of answers that split
// their units, and of failed requests, without a server.
func TestUsageSplitsCapacity(t *testing.T) {
	var asked []types.ReturnConsumedCapacity
	api := &fakeAPI{
		transact: func(in *dynamodb.TransactWriteItemsInput) (*dynamodb.TransactWriteItemsOutput, error) {
			asked = append(asked, in.ReturnConsumedCapacity)
			return &dynamodb.TransactWriteItemsOutput{ConsumedCapacity: []types.ConsumedCapacity{{
				CapacityUnits: aws.Float64(6), ReadCapacityUnits: aws.Float64(2), WriteCapacityUnits: aws.Float64(4),
			}}}, nil
		},
		putItem: func(in *dynamodb.PutItemInput) (*dynamodb.PutItemOutput, error) {
			asked = append(asked, in.ReturnConsumedCapacity)
			return nil, &types.ConditionalCheckFailedException{}
		},
	}
	var usage dynamo.Usage
	tbl := dynamo.New(api, "t").WithUsage(&usage).WithUsage(&usage) // attached twice, counted once
	if err := tbl.Transact(t.Context(), twoPuts()); err != nil {
		t.Fatalf("Transact: %v", err)
	}
	_ = tbl.Put(t.Context(), items(1)[0], persistence.Exists("v").Ptr())
	got := usage.Snapshot()
	if got.ReadCapacityUnits != 2 || got.WriteCapacityUnits != 4 || got.Requests["TransactWriteItems"] != 1 || got.Requests["PutItem"] != 1 {
		t.Fatalf("usage = %+v; want 2 RCU, 4 WCU, one transaction and one failed put", got)
	}
	for _, a := range asked {
		if a != types.ReturnConsumedCapacityTotal {
			t.Fatalf("requests asked for %q consumed capacity; want TOTAL", asked)
		}
	}
}
