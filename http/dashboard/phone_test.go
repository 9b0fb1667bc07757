package dashboard_test

import (
	"context"
	"net/http"
	"reflect"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/dashboard"
	"github.com/intake-runtime/intake/persistence"
)

// The chat shows the conversation as the customer's phone does: what they
// wrote, the bot's replies and the operator's, not what they never saw.
func TestPhoneShowsWhatTheCustomerSees(t *testing.T) {
	e := newEnv(t)
	r := e.get(t, "/dashboard/phone/%2B5511988887777")
	wantStatus(t, r, http.StatusOK)
	var got dashboard.PhoneView
	r.json(t, &got)
	if got.State != "" || len(got.Messages) != 0 {
		t.Errorf("without a session: %+v, want nothing", got)
	}

	s := e.seedSession(t, phone, "s1")
	s.State = domain.StateHuman
	if _, err := e.sessions.Save(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	at := time.Now().UTC()
	msg := func(id string, d domain.Direction, content, clean string) domain.Message {
		at = at.Add(time.Second)
		return domain.Message{MessageID: id, SessionID: "s1", PhoneNumber: phone, Timestamp: at, Direction: d,
			MessageType: domain.MessageText, Content: content, CleanMessageSent: clean}
	}
	customer := msg("c1", domain.DirectionInbound, "Oi", "")
	bot := msg("b1", domain.DirectionOutbound, `{"s":0} Olá!`, "Olá!")
	bot.StateAfter, bot.Agent = domain.StateQualifying, domain.AgentTriage
	knowledge := msg("b2", domain.DirectionOutbound, `{"s":5,"packages":["precos-prazos"]}`, "")
	operator := msg("o1", domain.DirectionOutbound, "Sou a Ana, vou te ajudar.", "Sou a Ana, vou te ajudar.")
	operator.OperatorPhone = "+5511900000000"
	failed := msg("o2", domain.DirectionOutbound, "nunca chegou", "nunca chegou")
	failed.OutboxStatus, failed.Error = domain.OutboxFailed, "131047"
	for _, m := range []domain.Message{customer, bot, knowledge, operator, failed} {
		if err := persistence.NewMessages(e.table).Append(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
	r = e.get(t, "/dashboard/phone/%2B5511988887777")
	wantStatus(t, r, http.StatusOK)
	r.json(t, &got)
	var seen [][3]string
	for _, m := range got.Messages {
		seen = append(seen, [3]string{m.From, m.Text, m.Meta})
	}
	want := [][3]string{
		{"customer", "Oi", ""},
		{"bot", "Olá!", "QUALIFYING · TRIAGE"},
		{"operator", "Sou a Ana, vou te ajudar.", "operator +5511900000000"},
	}
	if got.State != "HUMAN" || !reflect.DeepEqual(seen, want) {
		t.Errorf("state %q messages %q, want HUMAN %q", got.State, seen, want)
	}
}

// A reply's options come apart from its text, for the chat to show as
// buttons; with interactive messages off they stay numbered in the text, as
// the customer gets them.
func TestPhoneShowsAReplysOptions(t *testing.T) {
	for _, tt := range []struct {
		name     string
		numbered bool
		text     string
		options  []string
	}{
		{"buttons", false, "Confirma?", []string{"Sim", "Não"}},
		{"numbered", true, "Confirma?\n\n1. Sim\n2. Não", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, func(c *dashboard.Config, _ *dashboard.Deps) { c.NumberedOptions = tt.numbered })
			e.seedSession(t, phone, "s1")
			reply := domain.Message{MessageID: "b1", SessionID: "s1", PhoneNumber: phone, Timestamp: time.Now().UTC(),
				Direction: domain.DirectionOutbound, MessageType: domain.MessageText, Content: "Confirma?",
				CleanMessageSent: "Confirma?", Options: []string{"Sim", "Não"}, StateAfter: domain.StateQualifying}
			if err := persistence.NewMessages(e.table).Append(context.Background(), reply); err != nil {
				t.Fatal(err)
			}
			r := e.get(t, "/dashboard/phone/%2B5511988887777")
			wantStatus(t, r, http.StatusOK)
			var got dashboard.PhoneView
			r.json(t, &got)
			if len(got.Messages) != 1 || got.Messages[0].Text != tt.text || !reflect.DeepEqual(got.Messages[0].Options, tt.options) {
				t.Errorf("messages %+v, want %q with options %q", got.Messages, tt.text, tt.options)
			}
		})
	}
}
