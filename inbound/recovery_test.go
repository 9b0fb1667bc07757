package inbound_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/inbound"
	"github.com/intake-runtime/intake/persistence"
)

// The sweep takes up acknowledged work older than its horizon: messages no
// turn answered go back on the queue, conversations with an unsent reply
// are woken once each; younger work, answered messages and sent replies are
// left alone.
func TestRecoverySweep(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	f.queue.set(true, nil) // deferred: recorded, never enqueued
	for _, id := range []string{"wamid.OLD", "wamid.DONE"} {
		f.accept(id)
	}
	f.answer("wamid.DONE")
	log := persistence.NewMessages(f.table.Table)
	for i, phone := range []string{"+5511911110000", "+5511911110000", "+5511922220000"} {
		reply := domain.Message{MessageID: "reply-" + string(rune('a'+i)), SessionID: "sess", PhoneNumber: phone,
			Content: "Olá", Timestamp: testStart, Direction: domain.DirectionOutbound,
			MessageType: domain.MessageText, OutboxStatus: domain.OutboxPending}
		if err := log.Append(ctx, reply); err != nil {
			t.Fatal(err)
		}
	}
	f.clock.Advance(10 * time.Minute)
	young := message("wamid.YOUNG")
	young.ReceivedAt = f.clock.Now()
	if _, err := f.acceptor.Accept(ctx, young); err != nil {
		t.Fatal(err)
	}
	f.queue.set(false, nil)

	conv := &conversations{}
	r, err := inbound.NewRecovery(inbound.RecoveryConfig{After: 5 * time.Minute, Now: f.clock.Now},
		inbound.RecoveryDeps{Table: f.table, Queue: f.queue, Conversations: conv}, nil)
	if err != nil {
		t.Fatal(err)
	}
	requeued, woken, err := r.Sweep(ctx, 5*time.Minute)
	if err != nil || requeued != 1 || woken != 2 {
		t.Fatalf("Sweep = %d requeued, %d woken, %v; want 1 and 2", requeued, woken, err)
	}
	if got := f.queue.sentIDs(); !slices.Equal(got, []string{"wamid.OLD"}) {
		t.Errorf("enqueued again %v, want the old unanswered message only", got)
	}
	// The work index is sharded: phones come in no defined order.
	if want := []string{"+5511911110000", "+5511922220000"}; !slices.Equal(slices.Sorted(slices.Values(conv.woken)), want) {
		t.Errorf("woke %v, want %v once each", conv.woken, want)
	}

	// The sweep at start takes up everything unfinished, however young.
	r.Start(ctx)
	if got := f.queue.sentIDs(); !slices.Equal(got, []string{"wamid.OLD", "wamid.OLD", "wamid.YOUNG"}) {
		t.Errorf("after the start sweep the queue holds %v, want the young message too", got)
	}
}

// A queue that refuses a message ends the sweep with the error; the next
// sweep carries on.
func TestRecoverySweepStopsOnAQueueFailure(t *testing.T) {
	f := newFixture(t)
	f.queue.set(true, nil)
	f.accept("wamid.X")
	f.queue.set(false, errQueueDown)
	r, err := inbound.NewRecovery(inbound.RecoveryConfig{Now: f.clock.Now},
		inbound.RecoveryDeps{Table: f.table, Queue: f.queue, Conversations: &conversations{}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := r.Sweep(context.Background(), 0); !errors.Is(err, errQueueDown) {
		t.Errorf("Sweep = %v, want the queue's error", err)
	}
}
