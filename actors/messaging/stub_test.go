package messaging_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/messagingtest"
	"github.com/intake-runtime/intake/domain"
)

func TestStubRecordsConcurrentSends(t *testing.T) {
	s := messaging.NewStub(zap.NewNop())
	const senders = 50
	var wg sync.WaitGroup
	for range senders {
		wg.Go(func() {
			resp, err := s.Send(context.Background(), "+55 11 98888-7777", "olá")
			if err != nil || !resp.Success || resp.ErrorKind != "" || !strings.HasPrefix(string(resp.MockID), "stub-") {
				t.Errorf("Send = %+v, %v", resp, err)
			}
		})
		wg.Go(func() { _ = s.Sends() }) // reading while others write is safe
	}
	wg.Wait()
	sends := s.Sends()
	if len(sends) != senders {
		t.Fatalf("recorded %d sends, want %d", len(sends), senders)
	}
	ids := map[string]bool{}
	for _, r := range sends {
		if r.To != "5511988887777" || r.Text != "olá" || r.At.IsZero() {
			t.Errorf("recorded %+v", r)
		}
		ids[r.MockID] = true
	}
	if len(ids) != senders {
		t.Errorf("%d distinct mock IDs, want %d", len(ids), senders)
	}
}

func TestStubMarkReadAndReset(t *testing.T) {
	s := messaging.NewStub(nil)
	if resp, err := s.MarkRead(context.Background(), "wamid.IN1"); err != nil || !resp.Success || resp.MockID != "" {
		t.Errorf("MarkRead = %+v, %v", resp, err)
	}
	if got := s.Reads(); len(got) != 1 || got[0] != "wamid.IN1" {
		t.Errorf("Reads = %v", got)
	}
	_, _ = s.Send(context.Background(), "5511988887777", "oi")
	s.Reset()
	if len(s.Sends())+len(s.Reads()) != 0 {
		t.Error("Reset kept records")
	}
}

// The stub refuses what the platform would refuse, and honours ctx.
func TestStubValidatesLikeTheClient(t *testing.T) {
	s := messaging.NewStub(nil)
	resp, err := s.Send(context.Background(), "sem número", "oi")
	if !errors.Is(err, messaging.ErrInvalidRecipient) || resp.ErrorKind != domain.ErrorKindPermanent {
		t.Errorf("Send to no digits = %+v, %v", resp, err)
	}
	if _, err := s.MarkRead(context.Background(), " "); !errors.Is(err, messaging.ErrEmptyMessageID) {
		t.Errorf("MarkRead(\" \") = %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	resp, err = s.Send(ctx, "5511988887777", "oi")
	if !errors.Is(err, context.Canceled) || resp.ErrorKind != domain.ErrorKindTransient {
		t.Errorf("Send on a canceled context = %+v, %v", resp, err)
	}
	if len(s.Sends()) != 0 {
		t.Errorf("failed sends were recorded: %+v", s.Sends())
	}
}

// The stub keeps the last STUB_HISTORY sends and reads, not every call of a
// long-running emulator.
func TestStubKeepsTheLastCalls(t *testing.T) {
	s := messaging.NewStub(nil, 3)
	for i := range 5 {
		if _, err := s.Send(context.Background(), "+5511999990000", fmt.Sprintf("m%d", i)); err != nil {
			t.Fatal(err)
		}
		if _, err := s.MarkRead(context.Background(), fmt.Sprintf("wamid.%d", i)); err != nil {
			t.Fatal(err)
		}
	}
	sends, reads := s.Sends(), s.Reads()
	if len(sends) != 3 || sends[0].Text != "m2" || sends[2].Text != "m4" || !slices.Equal(reads, []string{"wamid.2", "wamid.3", "wamid.4"}) {
		t.Errorf("sends %+v, reads %v; want the last three of each", sends, reads)
	}
}

// The stub keeps the Sender contract the platform client keeps: the emulator
// refuses what production would.
func TestStubKeepsTheSenderContract(t *testing.T) {
	messagingtest.RunSender(t, messagingtest.Senders{
		New: func(*testing.T) messaging.Sender { return messaging.NewStub(zap.NewNop()) },
	})
}
