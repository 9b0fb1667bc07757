package queue

import (
	"context"
	"fmt"
)

// Delivery is one received item: the queue's own message ID and the raw body.
type Delivery struct {
	// ID is the queue message ID (SQS MessageId), not the platform message ID.
	ID string
	// Body is the message body as the queue returned it.
	Body string
}

// BatchResponse is the consumer's failure report, in the shape of a Lambda
// SQS partial batch response: only the listed items are delivered again.
type BatchResponse struct {
	// BatchItemFailures lists the failed items; empty (never null in JSON)
	// when the whole batch succeeded.
	BatchItemFailures []BatchItemFailure `json:"batchItemFailures"`
}

// BatchItemFailure names one failed item by its queue message ID.
type BatchItemFailure struct {
	// ItemIdentifier is the queue message ID of the failed item.
	ItemIdentifier string `json:"itemIdentifier"`
	// Err says why the item failed, for the caller's log; it is not part of
	// the wire shape.
	Err error `json:"-"`
}

// ProcessBatch hands every delivery of a batch to handle and reports those
// that failed: a malformed body, a handler error, or a batch cut short by ctx.
// Items run one after the other, in the order received, so two messages of one
// phone in one batch reach its conversation in order. Once ctx is done the
// remaining items are not handled but listed as failed, so the queue delivers
// them again instead of losing them.
func ProcessBatch(ctx context.Context, deliveries []Delivery, handle Handler) BatchResponse {
	resp := BatchResponse{BatchItemFailures: []BatchItemFailure{}}
	for _, d := range deliveries {
		if err := processOne(ctx, d, handle); err != nil {
			resp.BatchItemFailures = append(resp.BatchItemFailures, BatchItemFailure{ItemIdentifier: d.ID, Err: err})
		}
	}
	return resp
}

func processOne(ctx context.Context, d Delivery, handle Handler) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("queue: not handled: %w", err)
	}
	msg, err := Decode(d.Body)
	if err != nil {
		return err
	}
	return handle(ctx, msg)
}
