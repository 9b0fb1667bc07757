package cloudapi_test

import (
	"encoding/json"
	"testing"

	"github.com/intake-runtime/intake/actors/messaging"
)

// withoutNinth is a delivery whose sender the platform gives without the
// ninth digit, as its wa_id often does for Brazilian mobiles.
const withoutNinth = `{"object": "whatsapp_business_account", "entry": [{"id": "WABA_1", "changes": [{"field": "messages", "value": {
  "messaging_product": "whatsapp",
  "metadata": {"display_phone_number": "15550001111", "phone_number_id": "PNID_1"},
  "contacts": [{"wa_id": "551188887777", "profile": {"name": "Ana Souza"}}],
  "messages": [{"from": "551188887777", "id": "wamid.W1", "timestamp": "1700000000", "type": "text", "text": {"body": "oi"}}]
}}]}]}`

// The sender's identity has the ninth digit, so both forms reach one
// conversation; replies go to the form the platform gave.
func TestSenderWithoutNinthDigitIsOneIdentity(t *testing.T) {
	p := newParser(t)
	b, err := p.ParseEnvelope([]byte(withoutNinth))
	if err != nil || len(b.Messages) != 1 {
		t.Fatalf("ParseEnvelope: %v, %d messages", err, len(b.Messages))
	}
	m := b.Messages[0]
	want := named(msg("+5511988887777", "wamid.W1", "text", "oi", epoch(1700000000)), "Ana Souza")
	want.ReplyTo = "+551188887777"
	assertMessages(t, "without the ninth digit", b.Messages, []messaging.InboundMessage{want})
	if turn := m.Turn(); turn.PhoneNumber != "+5511988887777" || turn.ReplyTo != "+551188887777" {
		t.Errorf("turn phone %q reply_to %q, want the identity and the platform's number", turn.PhoneNumber, turn.ReplyTo)
	}

	// The internal payload carries the platform's number, from which the
	// internal route derives both again.
	body, err := json.Marshal(m.InternalPayload())
	if err != nil {
		t.Fatal(err)
	}
	back, err := p.ParseInternal(body)
	if err != nil {
		t.Fatal(err)
	}
	want.PushName = "" // the internal payload has no push name
	assertMessages(t, "round trip", []messaging.InboundMessage{back}, []messaging.InboundMessage{want})
}
