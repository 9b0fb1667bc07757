package inbound_test

import (
	"context"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/inbound"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/queue/inprocess"
)

// What each delivery of a message concludes, over the in-process queue with
// room for one message and nothing consuming it.
func Example() {
	ctx := context.Background()
	now := func() time.Time { return time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC) }
	table := memory.New(memory.WithClock(now))
	q, _ := inprocess.New(inprocess.Config{Capacity: 1}, zap.NewNop())
	defer q.Close()
	acceptor, err := inbound.New(inbound.Config{Now: now}, inbound.Deps{Table: table, Queue: q}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	deliver := func(what, id string) {
		m := messaging.InboundMessage{PhoneNumber: "+5511988887777", Content: "Oi", ProviderMessageID: id,
			MessageType: domain.MessageText, Instance: "instance_a", ReceivedAt: now()}
		out, err := acceptor.Accept(ctx, m)
		fmt.Printf("%-44s %v %v\n", what, out, err)
	}
	deliver("wamid.1, first delivery:", "wamid.1")
	deliver("wamid.1 again, within the claim lease:", "wamid.1")
	deliver("wamid.2, the queue is full:", "wamid.2")
	_ = persistence.NewReceipts(table).Complete(ctx, "wamid.1", now()) // a turn answers wamid.1
	deliver("wamid.1 again, once a turn answered it:", "wamid.1")
	// Output:
	// wamid.1, first delivery:                     accepted <nil>
	// wamid.1 again, within the claim lease:       in_progress <nil>
	// wamid.2, the queue is full:                  deferred <nil>
	// wamid.1 again, once a turn answered it:      duplicate <nil>
}
