package dynamo_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/dynamo"
)

func items(n int) []persistence.Item {
	out := make([]persistence.Item, n)
	for i := range out {
		out[i] = persistence.Item{
			persistence.AttrPK: &types.AttributeValueMemberS{Value: "P"},
			persistence.AttrSK: &types.AttributeValueMemberS{Value: fmt.Sprintf("%03d", i)},
		}
	}
	return out
}

func TestBatchWriteChunksAndRetriesUnprocessed(t *testing.T) {
	var sizes []int
	written := map[string]int{}
	api := &fakeAPI{batchWriteItem: func(_ context.Context, in *dynamodb.BatchWriteItemInput) (*dynamodb.BatchWriteItemOutput, error) {
		reqs := in.RequestItems["t"]
		sizes = append(sizes, len(reqs))
		// The first call leaves its last 5 writes unprocessed, as a throttled
		// partition would.
		done, rest := reqs, []types.WriteRequest(nil)
		if len(sizes) == 1 {
			done, rest = reqs[:20], reqs[20:]
		}
		for _, r := range done {
			written[r.PutRequest.Item[persistence.AttrSK].(*types.AttributeValueMemberS).Value]++
		}
		out := &dynamodb.BatchWriteItemOutput{}
		if rest != nil {
			out.UnprocessedItems = map[string][]types.WriteRequest{"t": rest}
		}
		return out, nil
	}}
	tbl := dynamo.New(api, "t")
	dynamo.SetRetry(tbl, 3, time.Millisecond)
	if err := tbl.BatchWrite(t.Context(), items(60), nil); err != nil {
		t.Fatalf("BatchWrite: %v", err)
	}
	if want := []int{25, 5, 25, 10}; !slices.Equal(sizes, want) {
		t.Errorf("request sizes = %v; want %v", sizes, want)
	}
	if len(written) != 60 {
		t.Errorf("%d distinct items written; want 60", len(written))
	}
	for sk, n := range written {
		if n != 1 {
			t.Errorf("item %s written %d times", sk, n)
		}
	}
}

func TestBatchWriteGivesUp(t *testing.T) {
	calls := 0
	api := &fakeAPI{batchWriteItem: func(_ context.Context, in *dynamodb.BatchWriteItemInput) (*dynamodb.BatchWriteItemOutput, error) {
		calls++
		return &dynamodb.BatchWriteItemOutput{UnprocessedItems: in.RequestItems}, nil
	}}
	tbl := dynamo.New(api, "t")
	dynamo.SetRetry(tbl, 4, time.Millisecond)
	err := tbl.BatchWrite(t.Context(), items(3), nil)
	if err == nil || calls != 4 {
		t.Fatalf("BatchWrite = %v after %d calls; want an error after 4", err, calls)
	}
}

func TestBatchWriteHonoursContext(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	api := &fakeAPI{batchWriteItem: func(_ context.Context, in *dynamodb.BatchWriteItemInput) (*dynamodb.BatchWriteItemOutput, error) {
		cancel() // cancelled while BatchWrite waits to retry
		return &dynamodb.BatchWriteItemOutput{UnprocessedItems: in.RequestItems}, nil
	}}
	tbl := dynamo.New(api, "t")
	dynamo.SetRetry(tbl, 5, time.Hour)
	start := time.Now()
	err := tbl.BatchWrite(ctx, items(3), nil)
	if !errors.Is(err, context.Canceled) || time.Since(start) > 10*time.Second {
		t.Fatalf("BatchWrite = %v after %v; want context.Canceled at once", err, time.Since(start))
	}
}

func TestBatchWriteReturnsCallErrors(t *testing.T) {
	boom := errors.New("boom")
	api := &fakeAPI{batchWriteItem: func(context.Context, *dynamodb.BatchWriteItemInput) (*dynamodb.BatchWriteItemOutput, error) {
		return nil, boom
	}}
	if err := dynamo.New(api, "t").BatchWrite(t.Context(), nil, []persistence.Key{{PK: "P", SK: "S"}}); !errors.Is(err, boom) {
		t.Fatalf("BatchWrite = %v; want the call's error", err)
	}
}
