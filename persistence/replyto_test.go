package persistence_test

import (
	"testing"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// A conversation whose customer the platform gives without the ninth digit
// keeps that number on its session and on each reply (reply_to), so replies
// go where the platform delivers; the identity (phone_number, the keys)
// keeps the ninth digit.

func TestSessionReplyToRoundTrip(t *testing.T) {
	s := domain.NewSession("sess-r", "+5511988887777", "instance_a", t0)
	s.ReplyTo = "+551188887777"
	s.Version = 3
	roundTrip(t, "session_reply_to.golden.json", s, persistence.EncodeSession, persistence.DecodeSession)
}

func TestMessageReplyToRoundTrip(t *testing.T) {
	m := fullMessage()
	m.PhoneNumber, m.ReplyTo = "+5511988887777", "+551188887777"
	roundTrip(t, "message_reply_to.golden.json", m, persistence.EncodeMessage, persistence.DecodeMessage)
	if got := m.Recipient(); got != "+551188887777" {
		t.Errorf("recipient = %q, want the platform's number", got)
	}
}

// Records written before reply_to existed read without it: the conversation
// and its replies go to the identity phone, as they always did.
func TestRecordsWithoutReplyToReplyToTheirPhone(t *testing.T) {
	s, err := persistence.DecodeSession(readItem(t, "legacy_session.json"))
	if err != nil {
		t.Fatal(err)
	}
	if s.ReplyTo != "" {
		t.Errorf("legacy session reply_to = %q, want empty", s.ReplyTo)
	}
	m, err := persistence.DecodeMessage(readItem(t, "legacy_message.json"))
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Recipient(); m.ReplyTo != "" || got != m.PhoneNumber {
		t.Errorf("legacy message reply_to = %q, recipient %q, want none and %q", m.ReplyTo, got, m.PhoneNumber)
	}
	r, err := persistence.DecodeReceipt(readItem(t, "legacy_receipt.json"))
	if err != nil {
		t.Fatal(err)
	}
	if r.ReplyTo != "" {
		t.Errorf("legacy receipt reply_to = %q, want empty", r.ReplyTo)
	}
}
