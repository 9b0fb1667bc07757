package dynamo

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/internal/redact"
	"github.com/intake-runtime/intake/persistence"
)

// batchSize is BatchWriteItem's limit of write requests per call.
const batchSize = 25

// retryPolicy bounds the resubmission of what DynamoDB asks to send again:
// the UnprocessedItems of a throttled partition, a transaction cancelled by a
// concurrent one. Exponential backoff with jitter, as AWS recommends, for a
// fixed number of calls per chunk or transaction.
type retryPolicy struct {
	attempts int
	base     time.Duration
	max      time.Duration
}

var defaultRetry = retryPolicy{attempts: 8, base: 50 * time.Millisecond, max: 5 * time.Second}

// delay is the wait before retry n (0-based): half the exponential step plus
// a random part of the other half.
func (p retryPolicy) delay(n int) time.Duration {
	d := min(p.base<<n, p.max)
	return d/2 + rand.N(d/2+1)
}

// wait sleeps before retry n, or returns ctx's error when ctx ends first.
func (p retryPolicy) wait(ctx context.Context, n int) error {
	timer := time.NewTimer(p.delay(n))
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}

// BatchWrite puts and deletes many items without conditions, in
// BatchWriteItem calls of at most 25 writes, retrying unprocessed writes. A key
// named twice is rejected before anything is written (DynamoDB would reject it
// only within one chunk). It is not atomic: on error, earlier chunks are written.
func (t *Table) BatchWrite(ctx context.Context, puts []persistence.Item, deletes []persistence.Key) error {
	reqs, err := writeRequests(puts, deletes)
	if err != nil {
		return fmt.Errorf("dynamo: batch write: %w", err)
	}
	for start := 0; start < len(reqs); start += batchSize {
		chunk := reqs[start:min(start+batchSize, len(reqs))]
		if err := t.writeChunk(ctx, chunk); err != nil {
			return fmt.Errorf("dynamo: batch write (writes %d-%d of %d): %w", start+1, start+len(chunk), len(reqs), err)
		}
	}
	return nil
}

// writeRequests validates the writes and turns them into requests.
func writeRequests(puts []persistence.Item, deletes []persistence.Key) ([]types.WriteRequest, error) {
	seen := make(map[persistence.Key]bool, len(puts)+len(deletes))
	claim := func(k persistence.Key) error {
		if seen[k] {
			return fmt.Errorf("provided list of item keys contains duplicates: %s/%s", redact.Phones(k.PK), redact.Phones(k.SK))
		}
		seen[k] = true
		return nil
	}
	reqs := make([]types.WriteRequest, 0, len(puts)+len(deletes))
	for i, item := range puts {
		key, err := checkItem(item)
		if err != nil {
			return nil, fmt.Errorf("put %d: %w", i, err)
		}
		if err := claim(key); err != nil {
			return nil, err
		}
		reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: item}})
	}
	for _, key := range deletes {
		if err := checkKey(key); err != nil {
			return nil, fmt.Errorf("delete: %w", err)
		}
		if err := claim(key); err != nil {
			return nil, err
		}
		reqs = append(reqs, types.WriteRequest{DeleteRequest: &types.DeleteRequest{Key: keyAttrs(key)}})
	}
	return reqs, nil
}

// writeChunk writes one chunk, resubmitting its unprocessed writes.
func (t *Table) writeChunk(ctx context.Context, pending []types.WriteRequest) error {
	return t.untilProcessed(ctx, "writes", func() (int, error) {
		out, err := t.api.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{
			RequestItems: map[string][]types.WriteRequest{t.name: pending},
		})
		if err != nil {
			return 0, err
		}
		pending = out.UnprocessedItems[t.name]
		return len(pending), nil
	})
}

// untilProcessed calls send, which reports how many of its requests DynamoDB
// left unprocessed (a throttled partition, an answer over its size limit),
// again with backoff until none remain, the attempts run out or ctx ends.
func (t *Table) untilProcessed(ctx context.Context, what string, send func() (left int, err error)) error {
	for attempt := 0; ; attempt++ {
		left, err := send()
		if err != nil || left == 0 {
			return err
		}
		if attempt+1 >= t.retry.attempts {
			return fmt.Errorf("%d %s still unprocessed after %d attempts", left, what, t.retry.attempts)
		}
		if err := t.retry.wait(ctx, attempt); err != nil {
			return err
		}
	}
}
