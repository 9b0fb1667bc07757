package queue_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/intake-runtime/intake/queue"
)

func body(t *testing.T, phone, id string) string {
	t.Helper()
	b, err := queue.Encode(queue.Message{PhoneNumber: phone, MessageID: id})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestProcessBatch(t *testing.T) {
	errBoom := errors.New("boom")
	failOn := func(platformID string) queue.Handler {
		return func(_ context.Context, m queue.Message) error {
			if m.MessageID == platformID {
				return errBoom
			}
			return nil
		}
	}
	tests := []struct {
		name       string
		deliveries []queue.Delivery
		handle     queue.Handler
		want       []string // queue message IDs listed as failed
	}{
		{
			name:       "empty batch",
			deliveries: nil,
			handle:     failOn("none"),
			want:       []string{},
		},
		{
			name: "all ok",
			deliveries: []queue.Delivery{
				{ID: "q-1", Body: body(t, "+1", "wamid.1")},
				{ID: "q-2", Body: body(t, "+1", "wamid.2")},
			},
			handle: failOn("none"),
			want:   []string{},
		},
		{
			name: "one failing lists its queue message ID, not the platform ID",
			deliveries: []queue.Delivery{
				{ID: "q-1", Body: body(t, "+1", "wamid.1")},
				{ID: "q-2", Body: body(t, "+2", "wamid.2")},
				{ID: "q-3", Body: body(t, "+3", "wamid.3")},
			},
			handle: failOn("wamid.2"),
			want:   []string{"q-2"},
		},
		{
			name: "malformed body is listed and the rest still handled",
			deliveries: []queue.Delivery{
				{ID: "q-1", Body: `{"phone_number":"+1"}`},
				{ID: "q-2", Body: body(t, "+2", "wamid.2")},
				{ID: "q-3", Body: `not json`},
			},
			handle: failOn("none"),
			want:   []string{"q-1", "q-3"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := queue.ProcessBatch(context.Background(), tt.deliveries, tt.handle)
			if got := failedIDs(resp); !slices.Equal(got, tt.want) {
				t.Fatalf("failed = %q, want %q", got, tt.want)
			}
			for _, f := range resp.BatchItemFailures {
				if f.Err == nil {
					t.Errorf("failure %s carries no reason", f.ItemIdentifier)
				}
			}
		})
	}
}

func TestProcessBatchHandlesInOrder(t *testing.T) {
	var seen []string
	handle := func(_ context.Context, m queue.Message) error {
		seen = append(seen, m.MessageID)
		return nil
	}
	ids := []string{"wamid.1", "wamid.2", "wamid.3", "wamid.4"}
	var batch []queue.Delivery
	for i, id := range ids {
		batch = append(batch, queue.Delivery{ID: string(rune('a' + i)), Body: body(t, "+1", id)})
	}
	queue.ProcessBatch(context.Background(), batch, handle)
	if !slices.Equal(seen, ids) {
		t.Fatalf("handled %q, want %q", seen, ids)
	}
}

func TestProcessBatchStopsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	handled := 0
	handle := func(context.Context, queue.Message) error {
		handled++
		cancel() // the consumer is told to stop while handling the first item
		return nil
	}
	batch := []queue.Delivery{
		{ID: "q-1", Body: body(t, "+1", "wamid.1")},
		{ID: "q-2", Body: body(t, "+1", "wamid.2")},
		{ID: "q-3", Body: body(t, "+1", "wamid.3")},
	}
	resp := queue.ProcessBatch(ctx, batch, handle)
	if handled != 1 {
		t.Fatalf("handled %d items after cancel, want 1", handled)
	}
	if got, want := failedIDs(resp), []string{"q-2", "q-3"}; !slices.Equal(got, want) {
		t.Fatalf("failed = %q, want %q", got, want)
	}
	if !errors.Is(resp.BatchItemFailures[0].Err, context.Canceled) {
		t.Fatalf("reason = %v, want context.Canceled", resp.BatchItemFailures[0].Err)
	}
}

func failedIDs(resp queue.BatchResponse) []string {
	ids := []string{}
	for _, f := range resp.BatchItemFailures {
		ids = append(ids, f.ItemIdentifier)
	}
	return ids
}
