package runtime_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/internal/llmtest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/runtime"
)

// The platform's wa_id of a Brazilian mobile often lacks the ninth digit:
// +5511988887777 writes as 551188887777. These tests send such messages
// through the whole inbound path (webhook, receipt, queue, consumer,
// conversation or operator router, outbox, platform).

// phoneApp is the application behind a real listener, its platform a stub.
type phoneApp struct {
	app    *runtime.App
	addr   string
	sender *messaging.Stub
	model  *llmtest.Server
}

func startPhoneApp(t *testing.T, env map[string]string) phoneApp {
	t.Helper()
	p := phoneApp{sender: messaging.NewStub(zap.NewNop())}
	p.app, p.addr, p.model = runStubbedApp(t, env, runtime.Options{Sender: p.sender})
	return p
}

// deliver posts one platform delivery of text from the sender as the
// platform spells it, and waits until the platform received want messages
// in all.
func (p phoneApp) deliver(t *testing.T, from, id, text string, want int) []messaging.StubSend {
	t.Helper()
	client := &http.Client{Timeout: 10 * time.Second}
	defer client.CloseIdleConnections()
	res, err := client.Post("http://"+p.addr+"/webhook", "application/json", strings.NewReader(envelope(from, id, []string{text})))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("webhook answered %d", res.StatusCode)
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(p.sender.Sends()) < want && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	sends := p.sender.Sends()
	if len(sends) < want {
		t.Fatalf("platform received %d messages, want %d", len(sends), want)
	}
	return sends
}

// With OPERATOR_PHONES=+5511988887777, a message from 551188887777 is that
// operator's: it is routed as an operator's (they hold no conversation, so
// they are told so), and no customer conversation starts.
func TestOperatorIsRecognisedWithoutTheNinthDigit(t *testing.T) {
	p := startPhoneApp(t, map[string]string{"OPERATOR_PHONES": "+5511988887777", "HANDOFF_NOTIFIER_ENABLED": "false"})
	sends := p.deliver(t, "551188887777", "op", "Alguém aí?", 1)
	if !strings.Contains(sends[0].Text, "não está com nenhuma conversa") {
		t.Errorf("the platform received %+v, want the operator told they hold no conversation", sends)
	}
	time.Sleep(100 * time.Millisecond) // a customer's turn would call the model here
	if calls := len(p.model.Calls()); calls != 0 {
		t.Errorf("the model was called %d times: the operator's message ran as a customer's", calls)
	}
	sessions := persistence.NewSessions(p.app.Table())
	for _, phone := range []string{"+5511988887777", "+551188887777"} {
		if s, err := sessions.Active(context.Background(), phone); !errors.Is(err, persistence.ErrNotFound) {
			t.Errorf("customer session of %s: %+v, %v; want none", phone, s, err)
		}
	}
}

// A customer who writes with and without the ninth digit is one
// conversation, and each reply goes to the number the platform gave last.
func TestCustomerWithAndWithoutTheNinthDigitIsOneConversation(t *testing.T) {
	p := startPhoneApp(t, nil)
	steps := []struct {
		from, id, replyTo string
	}{
		{"5511988887777", "a", ""},
		{"551188887777", "b", "+551188887777"},
		{"5511988887777", "c", ""},
	}
	sessions := persistence.NewSessions(p.app.Table())
	var sessionID string
	for i, step := range steps {
		sends := p.deliver(t, step.from, step.id, "Oi", i+1)
		if to := sends[i].To; to != step.from {
			t.Errorf("reply %d went to %s, want %s, the number the platform gave", i+1, to, step.from)
		}
		s, err := sessions.Active(context.Background(), "+5511988887777")
		if err != nil {
			t.Fatalf("after message %s: %v", step.id, err)
		}
		if sessionID == "" {
			sessionID = s.SessionID
		}
		if s.SessionID != sessionID || s.ReplyTo != step.replyTo {
			t.Errorf("after message %s: session %s reply_to %q, want session %s reply_to %q", step.id, s.SessionID, s.ReplyTo, sessionID, step.replyTo)
		}
	}
	if s, err := sessions.Active(context.Background(), "+551188887777"); !errors.Is(err, persistence.ErrNotFound) {
		t.Errorf("a second conversation under the form without the ninth digit: %+v, %v", s, err)
	}
	log, err := persistence.NewMessages(p.app.Table()).List(context.Background(), "+5511988887777", sessionID)
	if err != nil {
		t.Fatal(err)
	}
	inbound := 0
	for _, m := range log {
		if m.Direction == "INBOUND" {
			inbound++
		}
	}
	if inbound != len(steps) {
		t.Errorf("the conversation logs %d customer messages, want %d", inbound, len(steps))
	}
}
