package messaging_test

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/persistence"
)

func TestParseInternal(t *testing.T) {
	tests := []struct {
		file string
		rule string
		want messaging.InboundMessage
		err  error
	}{
		{
			file: "internal_with_id.json", rule: "keeps the ID, normalizes the phone, converts received_at to UTC",
			want: messaging.InboundMessage{
				PhoneNumber: "+5511988887777", Content: "quero um orçamento", MessageType: "text",
				Instance: "instance_a", ProviderMessageID: "emu-0001",
				ReceivedAt:    time.Date(2024, 5, 6, 10, 8, 9, 123456000, time.UTC),
				PhoneNumberID: "PNID_1",
			},
		},
		{
			file: "internal_without_id.json", rule: "assigns a UUID when provider_message_id is absent",
			want: messaging.InboundMessage{
				PhoneNumber: "+5511988887777", Content: "sem id", MessageType: "text",
				Instance: "instance_a", ProviderMessageID: "generated-uuid",
				ReceivedAt: time.Date(2024, 5, 6, 10, 8, 9, 0, time.UTC), PhoneNumberID: "PNID_1",
			},
		},
		{
			file: "internal_explicit_instance.json", rule: "honours an explicit instance; defaults type and time",
			want: messaging.InboundMessage{
				PhoneNumber: "+5511988887777", Content: "pela outra marca", MessageType: "text",
				Instance: "instance_b", ProviderMessageID: "emu-0002", ReceivedAt: fixedNow,
			},
		},
		{
			file: "internal_media.json", rule: "unknown types are documents; empty media content is [type]",
			want: messaging.InboundMessage{
				PhoneNumber: "+5511988887777", Content: "[document]", MessageType: "document",
				Instance: "instance_a", ProviderMessageID: "emu-0004", ReceivedAt: fixedNow,
			},
		},
		{file: "internal_unknown_instance.json", rule: "an instance must be configured", err: messaging.ErrUnknownInstance},
		{file: "internal_bad_received_at.json", rule: "received_at must be RFC 3339", err: messaging.ErrMalformed},
		{file: "internal_no_digits.json", rule: "a phone without digits is an error", err: messaging.ErrNoDigits},
		{file: "internal_empty_content.json", rule: "text needs content", err: messaging.ErrEmptyContent},
	}
	p := newParser(t)
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			got, err := p.ParseInternal(readTestdata(t, tt.file))
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Fatalf("%s: error = %v, want %v", tt.rule, err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", tt.rule, err)
			}
			assertMessages(t, tt.rule, []messaging.InboundMessage{got}, []messaging.InboundMessage{tt.want})
		})
	}
}

func TestParseInternalRejectsNonObjects(t *testing.T) {
	p := newParser(t)
	for _, body := range []string{``, `[]`, `{"phone_number": 5511}`, `{"content": "x"} trailing`} {
		if _, err := p.ParseInternal([]byte(body)); !errors.Is(err, messaging.ErrMalformed) {
			t.Errorf("ParseInternal(%q) error = %v, want ErrMalformed", body, err)
		}
	}
}

// The internal payload a message produces parses back into the same message:
// the emulator and the internal route speak one format.
func TestInternalPayloadRoundTrip(t *testing.T) {
	p := newParser(t)
	b, err := p.ParseEnvelope(readTestdata(t, "media_caption.json"))
	if err != nil || len(b.Messages) == 0 {
		t.Fatalf("ParseEnvelope: %v, %d messages", err, len(b.Messages))
	}
	orig := b.Messages[0]
	body, err := json.Marshal(orig.InternalPayload())
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"phone_number":"+5511988887777","content":"foto do medidor","message_type":"image",` +
		`"instance":"instance_a","provider_message_id":"wamid.M1","received_at":"2023-11-14T22:16:40+00:00",` +
		`"phone_number_id":"PNID_1"}`
	if string(body) != want {
		t.Errorf("payload\n got  %s\n want %s", body, want)
	}
	back, err := p.ParseInternal(body)
	if err != nil {
		t.Fatal(err)
	}
	orig.PushName = "" // the internal payload has no push name
	assertMessages(t, "round trip", []messaging.InboundMessage{back}, []messaging.InboundMessage{orig})
}

func TestParserConfigValidate(t *testing.T) {
	for _, instances := range [][]string{nil, {""}, {"instance_a", "instance_a"}} {
		if _, err := messaging.NewParser(messaging.ParserConfig{Instances: instances}); err == nil {
			t.Errorf("NewParser(%q) succeeded, want an error", instances)
		}
	}
	p, err := messaging.NewParser(messaging.ParserConfig{Instances: []string{"instance_a", "instance_b"}})
	if err != nil || p.DefaultInstance() != "instance_a" {
		t.Fatalf("NewParser = %v, %v; want default instance_a", p, err)
	}
}

// Turn carries everything the receipt and the session actor need.
func TestInboundMessageTurn(t *testing.T) {
	p := newParser(t)
	b, err := p.ParseEnvelope(readTestdata(t, "multi_entry.json"))
	if err != nil {
		t.Fatal(err)
	}
	turn := b.Messages[0].Turn()
	want := persistence.InboundTurn{
		PhoneNumber: "+5511988887777", MessageID: "wamid.A1", Content: "Olá, preciso de ajuda",
		ReceivedAt: epoch(1700000000), Instance: "instance_a", MessageType: persistence.MessageText,
		PushName: "Ana Souza",
	}
	if !turn.ReceivedAt.Equal(want.ReceivedAt) {
		t.Errorf("ReceivedAt = %v", turn.ReceivedAt)
	}
	turn.ReceivedAt = want.ReceivedAt
	if turn != want {
		t.Errorf("Turn = %+v, want %+v", turn, want)
	}
	if q := turn.QueueMessage(); q.PhoneNumber != "+5511988887777" || q.MessageID != "wamid.A1" {
		t.Errorf("queue message = %+v", q)
	}
}
