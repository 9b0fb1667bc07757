package queue_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/intake-runtime/intake/queue"
)

// The consumer's report lists the queue message IDs of the failed items, in
// the Lambda partial batch response shape.
func ExampleProcessBatch() {
	handle := func(_ context.Context, m queue.Message) error {
		if m.PhoneNumber == "+5511000000002" {
			return errors.New("conversation unavailable")
		}
		return nil
	}
	batch := []queue.Delivery{
		{ID: "4f1c-queue-id-1", Body: `{"phone_number":"+5511000000001","message_id":"wamid.A"}`},
		{ID: "4f1c-queue-id-2", Body: `{"phone_number":"+5511000000002","message_id":"wamid.B"}`},
	}
	out, _ := json.Marshal(queue.ProcessBatch(context.Background(), batch, handle))
	fmt.Println(string(out))
	// Output: {"batchItemFailures":[{"itemIdentifier":"4f1c-queue-id-2"}]}
}
