package persistence_test

import (
	"context"
	"errors"
	"testing"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// committedReply logs a reply as a turn commits it: pending in the outbox.
func committedReply(t *testing.T, table persistence.Table) domain.Message {
	t.Helper()
	m := fullMessage()
	m.Direction, m.OutboxStatus, m.ProviderMessageID, m.Error = domain.DirectionOutbound, domain.OutboxPending, "", ""
	must(t, persistence.NewMessages(table).Append(context.Background(), m))
	return m
}

func storedMessage(t *testing.T, table persistence.Table, m domain.Message) domain.Message {
	t.Helper()
	log, err := persistence.NewMessages(table).List(context.Background(), m.PhoneNumber, m.SessionID)
	must(t, err)
	for _, got := range log {
		if got.MessageID == m.MessageID {
			return got
		}
	}
	t.Fatalf("message %s not logged", m.MessageID)
	return domain.Message{}
}

func TestOutboxSendIsRecordedBeforeAndAfter(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	outbox := persistence.NewOutbox(table)
	m := committedReply(t, table)
	unsent, err := outbox.Unfinished(ctx, m.Timestamp)
	must(t, err)
	if len(unsent) != 1 || unsent[0].MessageID != m.MessageID {
		t.Fatalf("unfinished = %+v, want the committed reply", unsent)
	}
	uncertain, err := outbox.Begin(ctx, m)
	must(t, err)
	if uncertain {
		t.Error("the first call of a reply reported as uncertain")
	}
	if got := storedMessage(t, table, m); got.OutboxStatus != domain.OutboxSending || got.OutboxAttempts != 1 {
		t.Errorf("during the call: status %q attempts %d, want sending 1", got.OutboxStatus, got.OutboxAttempts)
	}
	must(t, outbox.Sent(ctx, m, "wamid.OUT1"))
	got := storedMessage(t, table, m)
	if got.OutboxStatus != domain.OutboxSent || got.ProviderMessageID != "wamid.OUT1" || got.Error != "" {
		t.Errorf("after the call: %+v, want sent with its provider ID", got)
	}
	if unsent, _ := outbox.Unfinished(ctx, m.Timestamp); len(unsent) != 0 {
		t.Errorf("a sent reply is still unfinished: %+v", unsent)
	}
	// Delivery statuses find it by the provider ID.
	must(t, persistence.NewMessages(table).UpdateDeliveryStatus(ctx, "wamid.OUT1", domain.DeliveryDelivered, t2))
	if _, err := outbox.Begin(ctx, m); !errors.Is(err, persistence.ErrOutboxDone) {
		t.Errorf("Begin of a sent reply: %v, want ErrOutboxDone", err)
	}
}

// A call under way when the process died left the reply "sending": the next
// Begin knows the outcome is unknown, and counts the resend.
func TestOutboxResendAfterUnknownOutcomeIsCounted(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	outbox := persistence.NewOutbox(table)
	m := committedReply(t, table)
	_, err := outbox.Begin(ctx, m)
	must(t, err)
	// The process dies here; a restart sends it again.
	uncertain, err := outbox.Begin(ctx, m)
	must(t, err)
	if !uncertain {
		t.Error("a resend after a call with no result was not reported uncertain")
	}
	if got := storedMessage(t, table, m); got.OutboxUncertain != 1 || got.OutboxAttempts != 2 {
		t.Errorf("uncertain %d attempts %d, want 1 and 2", got.OutboxUncertain, got.OutboxAttempts)
	}
}

func TestOutboxRetryAndFailure(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	outbox := persistence.NewOutbox(table)
	m := committedReply(t, table)
	_, err := outbox.Begin(ctx, m)
	must(t, err)
	must(t, outbox.Retry(ctx, m, "429 rate limited", false))
	if got := storedMessage(t, table, m); got.OutboxStatus != domain.OutboxPending || got.Error != "429 rate limited" {
		t.Errorf("after a transient failure: %+v, want pending with the error", got)
	}
	uncertain, err := outbox.Begin(ctx, m)
	must(t, err)
	if uncertain {
		t.Error("a retry after a known failure reported as uncertain")
	}
	must(t, outbox.Failed(ctx, m, "131047 re-engagement window closed"))
	got := storedMessage(t, table, m)
	if got.OutboxStatus != domain.OutboxFailed || got.Error == "" || got.Unfinished() {
		t.Errorf("after a permanent failure: %+v, want failed with its error", got)
	}
	if unsent, _ := outbox.Unfinished(ctx, t2); len(unsent) != 0 {
		t.Errorf("a failed reply is still unfinished: %+v", unsent)
	}
}

// returnsAsked records, for every update, whether it asked for the item
// back.
type returnsAsked struct {
	persistence.Table
	asked []bool
}

func (r *returnsAsked) Update(ctx context.Context, key persistence.Key, upd persistence.Update, cond *persistence.Condition) (persistence.Item, error) {
	r.asked = append(r.asked, !upd.NoReturn)
	return r.Table.Update(ctx, key, upd, cond)
}

// The outbox reads nothing of what its writes leave: none of them asks the
// table for the item back, which would be decoded only to be dropped.
func TestOutboxWritesAskForNothingBack(t *testing.T) {
	ctx := context.Background()
	table := &returnsAsked{Table: newTable(t)}
	outbox := persistence.NewOutbox(table)
	m := committedReply(t, table)
	_, err := outbox.Begin(ctx, m)
	must(t, err)
	must(t, outbox.Retry(ctx, m, "timeout", true))
	_, err = outbox.Begin(ctx, m)
	must(t, err)
	must(t, outbox.Sent(ctx, m, "wamid.sent"))
	must(t, outbox.Failed(ctx, m, "refused"))
	for i, asked := range table.asked {
		if asked {
			t.Errorf("update %d of the outbox asked for the item back", i)
		}
	}
	if len(table.asked) < 5 {
		t.Errorf("%d updates recorded, want at least one per call (5)", len(table.asked))
	}
}
