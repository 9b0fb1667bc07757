package handoff_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/locale"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

const (
	operatorA = "+5511400000001"
	operatorB = "+5511400000002"
)

// conversations records the commands OperatorMessages sends and answers each with
// answer.
type conversations struct {
	mu     sync.Mutex
	cmds   []*sessionpb.OperatorCommand
	answer *sessionpb.OperatorResult
	err    error
}

func (c *conversations) Operate(_ context.Context, cmd *sessionpb.OperatorCommand) (*sessionpb.OperatorResult, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.cmds = append(c.cmds, cmd)
	return c.answer, c.err
}

// heldBy stores a conversation of customer that operator holds.
func heldBy(t *testing.T, table persistence.Table, id, customer, operator string) {
	t.Helper()
	s := waitingSession(id, customer, t0)
	s.State, s.AssignedTo = domain.StateHuman, domain.NullString(operator)
	if _, err := persistence.NewSessions(table).Create(context.Background(), s); err != nil {
		t.Fatal(err)
	}
}

// An operator's message goes to the one conversation they hold; in every
// other case they are told why on the platform and no customer gets it. Only
// a message that is not an operator's is left to the caller.
func TestOperatorMessagesRoute(t *testing.T) {
	applied := &sessionpb.OperatorResult{Ok: true, State: "HUMAN"}
	tests := []struct {
		name    string
		from    string
		text    string
		holds   int // conversations operatorA holds
		answer  *sessionpb.OperatorResult
		err     error
		handled bool
		wantErr bool
		forward bool   // a SEND reaches the conversation
		told    string // what the operator is told; "" for nothing
		lang    locale.Lang
	}{
		{name: "not an operator", from: "+5511400000099", text: "oi", holds: 1},
		{name: "holding nothing", from: operatorA, text: "Olá!", handled: true, told: "não está com nenhuma conversa"},
		{name: "holding nothing, UI_LANG=en", lang: locale.English, from: operatorA, text: "Hi!", handled: true, told: "hold no conversation"},
		{name: "holding one", from: "55 11 4000-00001", text: " Olá, sou a Ana. ", holds: 1, answer: applied, handled: true, forward: true},
		{name: "holding two", from: operatorA, text: "Para quem vai?", holds: 2, handled: true, told: "2 conversas"},
		{name: "blank", from: operatorA, text: "  ", holds: 1, handled: true},
		{name: "refused", from: operatorA, text: "Olá", holds: 1, handled: true, forward: true,
			answer: &sessionpb.OperatorResult{Code: "window_closed", Message: "the customer wrote more than 24 hours ago"},
			told:   "não foi encaminhada ao cliente: the customer wrote more than 24 hours ago"},
		{name: "forwarded already", from: operatorA, text: "Olá", holds: 1, handled: true, forward: true,
			answer: &sessionpb.OperatorResult{Code: "duplicate", Message: "this message was already forwarded"}},
		{name: "no answer", from: operatorA, text: "Olá", holds: 1, err: errors.New("timeout"), handled: true, wantErr: true, forward: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			table := memory.New()
			heldBy(t, table, "other", "+5511999990009", operatorB)
			for i := range tt.holds {
				heldBy(t, table, "s"+string(rune('1'+i)), "+551199999000"+string(rune('1'+i)), operatorA)
			}
			conv := &conversations{answer: tt.answer, err: tt.err}
			sender := messaging.NewStub(nil)
			r, err := handoff.NewOperatorMessages(handoff.OperatorMessagesConfig{Operators: []string{operatorA, "+55 11 4000-00002"}, ConsoleURL: "/atendimento", Lang: tt.lang},
				handoff.NewQueue(table), conv, sender, nil)
			if err != nil {
				t.Fatal(err)
			}

			handled, err := r.Route(context.Background(), domain.InboundTurn{PhoneNumber: tt.from, MessageID: "wamid.op", Content: tt.text})
			if handled != tt.handled || (err != nil) != tt.wantErr {
				t.Fatalf("Route = %v, %v; want handled %v, error %v", handled, err, tt.handled, tt.wantErr)
			}
			if !tt.forward && len(conv.cmds) != 0 {
				t.Errorf("commands %v, want none", conv.cmds)
			}
			if tt.forward {
				want := &sessionpb.OperatorCommand{PhoneNumber: "+5511999990001", SessionId: "s1", OperatorPhone: operatorA,
					Action: sessionpb.OperatorAction_OPERATOR_ACTION_SEND, Text: strings.TrimSpace(tt.text), MessageId: "wamid.op"}
				if len(conv.cmds) != 1 || conv.cmds[0].String() != want.String() {
					t.Errorf("commands %v, want %v", conv.cmds, want)
				}
			}
			sends := sender.Sends()
			switch {
			case tt.told == "" && len(sends) != 0:
				t.Errorf("sent %+v, want nothing", sends)
			case tt.told != "" && (len(sends) != 1 || sends[0].To != messaging.Digits(operatorA) || !strings.Contains(sends[0].Text, tt.told)):
				t.Errorf("sent %+v, want the operator told %q", sends, tt.told)
			}
		})
	}
}

func TestNewOperatorMessagesRefusesAnOperatorWithoutDigits(t *testing.T) {
	_, err := handoff.NewOperatorMessages(handoff.OperatorMessagesConfig{Operators: []string{"ops desk"}}, handoff.NewQueue(memory.New()), &conversations{}, messaging.NewStub(nil), nil)
	if err == nil {
		t.Error("an operator number without digits was accepted")
	}
}

// An operator the platform knows without the ninth digit is told why their
// message was not forwarded at that number, not at the roster's form.
func TestOperatorIsToldAtTheNumberThePlatformGave(t *testing.T) {
	sender := messaging.NewStub(nil)
	r, err := handoff.NewOperatorMessages(handoff.OperatorMessagesConfig{Operators: []string{"+5511988887777"}, ConsoleURL: "/atendimento"},
		handoff.NewQueue(memory.New()), &conversations{}, sender, nil)
	if err != nil {
		t.Fatal(err)
	}
	turn := domain.InboundTurn{PhoneNumber: "+5511988887777", ReplyTo: "+551188887777", MessageID: "wamid.op", Content: "oi"}
	if handled, err := r.Route(context.Background(), turn); !handled || err != nil {
		t.Fatalf("Route = %v, %v; want the operator's message handled", handled, err)
	}
	if sends := sender.Sends(); len(sends) != 1 || sends[0].To != "551188887777" {
		t.Errorf("sent %+v, want one explanation to 551188887777", sends)
	}
}
