package inbound_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/inbound"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/queue"
)

// conversations records the turns delivered and the phones woken.
type conversations struct {
	mu        sync.Mutex
	delivered []string // message IDs
	woken     []string // phones
	fail      error
}

var _ inbound.Conversations = (*conversations)(nil)

func (c *conversations) Deliver(_ context.Context, turn domain.InboundTurn) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fail != nil {
		return c.fail
	}
	c.delivered = append(c.delivered, turn.MessageID)
	return nil
}

func (c *conversations) Wake(phone string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.woken = append(c.woken, phone)
}

// operators routes the messages of one operator's phone.
type operators struct {
	phone  string
	routed []string
}

func (o *operators) Route(_ context.Context, turn domain.InboundTurn) (bool, error) {
	if turn.PhoneNumber != o.phone {
		return false, nil
	}
	o.routed = append(o.routed, turn.MessageID)
	return true, nil
}

var errConversationDown = errors.New("conversation down")

// The queue side: what a queue message becomes. A queue message carries its
// turn (in-process) or only its ID (SQS, the recovery sweep), and the turn
// is then read from the receipt.
func TestDeliverer(t *testing.T) {
	const phone, operatorPhone = "+5511988887777", "+5511900000000"
	recorded := func(f *fixture, id, from string) {
		m := message(id)
		m.PhoneNumber = from
		if err := persistence.NewReceipts(f.table.Table).Record(context.Background(), persistence.Receipt{InboundTurn: m.Turn(), TTL: testStart.Add(persistence.ReceiptTTL).Unix()}); err != nil {
			t.Fatal(err)
		}
	}
	carried := message("wamid.C").Turn()
	tests := []struct {
		name  string
		setup func(f *fixture)
		msg   queue.Message
		fail  error
		// delivered and routed are the message IDs handed on.
		delivered, routed []string
		wantErr           error
		// completed reports whether the receipt is answered afterwards.
		completed bool
	}{
		{name: "a queue message carrying its turn is delivered as is",
			setup: func(*fixture) {}, msg: queue.Message{PhoneNumber: phone, MessageID: "wamid.C", Turn: &carried},
			delivered: []string{"wamid.C"}},
		{name: "a queue message with only its ID is delivered from its receipt",
			setup: func(f *fixture) { recorded(f, "wamid.R", phone) }, msg: queue.Message{PhoneNumber: phone, MessageID: "wamid.R"},
			delivered: []string{"wamid.R"}},
		{name: "a message a committed turn answered is dropped",
			setup: func(f *fixture) { recorded(f, "wamid.R", phone); f.answer("wamid.R") },
			msg:   queue.Message{PhoneNumber: phone, MessageID: "wamid.R"}, completed: true},
		{name: "a message without a receipt is dropped: retrying cannot help",
			setup: func(*fixture) {}, msg: queue.Message{PhoneNumber: phone, MessageID: "wamid.GONE"}},
		{name: "an operator's message goes to the operator's conversation and is done",
			setup: func(f *fixture) { recorded(f, "wamid.OP", operatorPhone) },
			msg:   queue.Message{PhoneNumber: operatorPhone, MessageID: "wamid.OP"}, routed: []string{"wamid.OP"}, completed: true},
		{name: "a conversation that fails leaves the message to the queue",
			setup: func(f *fixture) { recorded(f, "wamid.R", phone) }, msg: queue.Message{PhoneNumber: phone, MessageID: "wamid.R"},
			fail: errConversationDown, wantErr: errConversationDown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			tt.setup(f)
			conv := &conversations{fail: tt.fail}
			ops := &operators{phone: operatorPhone}
			d, err := inbound.NewDeliverer(inbound.DelivererDeps{Table: f.table, Conversations: conv, Operators: ops, Now: f.clock.Now}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := d.Handle(context.Background(), tt.msg); !errors.Is(err, tt.wantErr) {
				t.Fatalf("Handle = %v, want %v", err, tt.wantErr)
			}
			if !slices.Equal(conv.delivered, tt.delivered) || !slices.Equal(ops.routed, tt.routed) {
				t.Errorf("delivered %v and routed %v, want %v and %v", conv.delivered, ops.routed, tt.delivered, tt.routed)
			}
			if tt.msg.Turn != nil {
				return // nothing was recorded
			}
			r, err := persistence.NewReceipts(f.table.Table).Get(context.Background(), tt.msg.MessageID)
			if errors.Is(err, persistence.ErrNotFound) {
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := r.CompletedAt != nil; got != tt.completed {
				t.Errorf("receipt completed %v, want %v", got, tt.completed)
			}
		})
	}
}
