package persistence_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// logMessage returns a plain inbound message of session sid, i seconds after t0.
func logMessage(sid string, i int) domain.Message {
	return domain.Message{
		MessageID:   fmt.Sprintf("%s-m%d", sid, i),
		SessionID:   sid,
		PhoneNumber: phone,
		Content:     fmt.Sprintf("mensagem %d", i),
		Timestamp:   t0.Add(time.Duration(i) * time.Second),
		StateBefore: domain.StateQualifying,
		StateAfter:  domain.StateQualifying,
		Direction:   domain.DirectionInbound,
		MessageType: domain.MessageText,
	}
}

func TestMessagesListOldestFirstAcrossPages(t *testing.T) {
	ctx := context.Background()
	messages := persistence.NewMessages(newTable(t))
	var want []domain.Message
	for _, i := range []int{3, 0, 4, 1, 2} { // appended out of order
		must(t, messages.Append(ctx, logMessage("sess-1", i)))
	}
	for i := range 5 {
		want = append(want, logMessage("sess-1", i))
	}
	// A session whose ID extends the first one's must not leak into its log.
	must(t, messages.Append(ctx, logMessage("sess-10", 0)))

	got, err := messages.List(ctx, phone, "sess-1")
	must(t, err)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("List returned %d messages\n got: %v\nwant: %v", len(got), messageIDs(got), messageIDs(want))
	}
}

func TestMessagesAppendIsIdempotent(t *testing.T) {
	ctx := context.Background()
	messages := persistence.NewMessages(newTable(t))
	m := fullMessage()
	must(t, messages.Append(ctx, m))
	must(t, messages.Append(ctx, m))
	got, err := messages.List(ctx, m.PhoneNumber, m.SessionID)
	must(t, err)
	if len(got) != 1 || !reflect.DeepEqual(got[0], m) {
		t.Errorf("after a retried append the log holds %v", messageIDs(got))
	}
}

func TestMessagesDeliveryStatusMovesForward(t *testing.T) {
	ctx := context.Background()
	messages := persistence.NewMessages(newTable(t))
	m := logMessage("sess-1", 0)
	m.Direction = domain.DirectionOutbound
	must(t, messages.Append(ctx, m))

	if err := messages.UpdateDeliveryStatus(ctx, "wamid.OUT", domain.DeliverySent, t0); !errors.Is(err, persistence.ErrNotFound) {
		t.Fatalf("status before the provider ID is known = %v, want ErrNotFound", err)
	}
	must(t, messages.SetProviderMessageID(ctx, m, "wamid.OUT"))

	steps := []struct {
		status domain.DeliveryStatus
		at     time.Time
		want   domain.DeliveryStatus
		wantAt time.Time
	}{
		{domain.DeliverySent, t0, domain.DeliverySent, t0},
		{domain.DeliveryRead, t2, domain.DeliveryRead, t2},
		{domain.DeliveryDelivered, t1, domain.DeliveryRead, t2}, // late callback
		{domain.DeliveryFailed, t2.Add(time.Second), domain.DeliveryRead, t2},
	}
	for _, step := range steps {
		must(t, messages.UpdateDeliveryStatus(ctx, "wamid.OUT", step.status, step.at))
		got, err := messages.List(ctx, phone, "sess-1")
		must(t, err)
		if got[0].DeliveryStatus != step.want || got[0].DeliveryUpdatedAt == nil || !got[0].DeliveryUpdatedAt.Equal(step.wantAt) {
			t.Errorf("after %s: status %s at %v, want %s at %v", step.status, got[0].DeliveryStatus, got[0].DeliveryUpdatedAt, step.want, step.wantAt)
		}
		if got[0].ProviderMessageID != "wamid.OUT" {
			t.Errorf("provider ID = %q", got[0].ProviderMessageID)
		}
	}
	if err := messages.UpdateDeliveryStatus(ctx, "wamid.OUT", "bounced", t2); err == nil {
		t.Error("an unknown status was accepted")
	}
}

func TestMessagesSetProviderIDOfUnknownMessage(t *testing.T) {
	messages := persistence.NewMessages(newTable(t))
	if err := messages.SetProviderMessageID(context.Background(), logMessage("sess-1", 0), "wamid.X"); !errors.Is(err, persistence.ErrNotFound) {
		t.Errorf("SetProviderMessageID of a message never appended = %v, want ErrNotFound", err)
	}
}

func messageIDs(ms []domain.Message) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.MessageID
	}
	return out
}
