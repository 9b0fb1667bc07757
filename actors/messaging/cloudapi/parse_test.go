package cloudapi_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/domain"
)

// fixedNow is the parser clock of every test: a missing or bad timestamp
// becomes exactly this.
var fixedNow = time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)

func newParser(t *testing.T) *cloudapi.Parser {
	t.Helper()
	p, err := cloudapi.NewParser(messaging.ParserConfig{
		Instances: []string{"instance_a", "instance_b"},
		Now:       func() time.Time { return fixedNow.In(time.FixedZone("BRT", -3*3600)) },
		NewID:     func() string { return "generated-uuid" },
	})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func epoch(s int64) time.Time { return time.Unix(s, 0).UTC() }

// msg builds an expected message of instance_a from PNID_1.
func msg(phone, id string, typ domain.MessageType, content string, at time.Time) messaging.InboundMessage {
	return messaging.InboundMessage{
		PhoneNumber: phone, Content: content, MessageType: typ, Instance: "instance_a",
		ProviderMessageID: id, ReceivedAt: at, PhoneNumberID: "PNID_1",
	}
}

// withMedia adds the media the parser keeps for the operator to open.
func withMedia(m messaging.InboundMessage, media domain.Media) messaging.InboundMessage {
	m.Media = &media
	return m
}

func named(m messaging.InboundMessage, name string) messaging.InboundMessage {
	m.PushName = name
	return m
}

func from(m messaging.InboundMessage, pnid string) messaging.InboundMessage {
	m.PhoneNumberID = pnid
	return m
}

type rejection struct {
	item, id string
	err      error
}

func TestParseEnvelope(t *testing.T) {
	const ana, bruno = "+5511988887777", "+5521977776666"
	tests := []struct {
		file     string
		rule     string
		messages []messaging.InboundMessage
		statuses []messaging.Status
		rejected []rejection
	}{
		{
			file: "multi_entry.json", rule: "walks every entry; keeps push name and phone_number_id",
			messages: []messaging.InboundMessage{
				named(msg(ana, "wamid.A1", "text", "Olá, preciso de ajuda", epoch(1700000000)), "Ana Souza"),
				named(from(msg(bruno, "wamid.B1", "text", "Bom dia", epoch(1700000060)), "PNID_2"), "Bruno"),
			},
		},
		{
			file: "multi_change.json", rule: "walks every change and every message; skips non-message fields",
			messages: []messaging.InboundMessage{
				named(msg("+5531966665555", "wamid.C1", "text", "primeira", epoch(1700000100)), "Carla"),
				named(msg("+5541955554444", "wamid.D1", "text", "segunda", epoch(1700000101)), "Davi"),
				msg("+5531966665555", "wamid.C2", "text", "terceira", epoch(1700000102)),
			},
		},
		{
			file: "media_caption.json", rule: "media with a caption become the caption",
			messages: []messaging.InboundMessage{
				withMedia(msg(ana, "wamid.M1", "image", "foto do medidor", epoch(1700000200)),
					domain.Media{ID: "MEDIA_1", MimeType: "image/jpeg", SHA256: "abc", Caption: "foto do medidor"}),
				withMedia(msg(ana, "wamid.M2", "document", "minha conta de luz", epoch(1700000201)),
					domain.Media{ID: "MEDIA_2", MimeType: "application/pdf", FileName: "conta.pdf", Caption: "minha conta de luz"}),
				withMedia(msg(ana, "wamid.M3", "video", "vídeo do problema", epoch(1700000202)),
					domain.Media{ID: "MEDIA_3", MimeType: "video/mp4", Caption: "vídeo do problema"}),
			},
		},
		{
			file: "media_no_caption.json", rule: "media without a caption become [type]; a voice note is marked; no media object, no media",
			messages: []messaging.InboundMessage{
				withMedia(msg(ana, "wamid.N1", "audio", "[audio]", epoch(1700000300)),
					domain.Media{ID: "MEDIA_4", MimeType: "audio/ogg; codecs=opus", Voice: true}),
				withMedia(msg(ana, "wamid.N2", "sticker", "[sticker]", epoch(1700000301)),
					domain.Media{ID: "MEDIA_5", MimeType: "image/webp"}),
				withMedia(msg(ana, "wamid.N3", "image", "[image]", epoch(1700000302)),
					domain.Media{ID: "MEDIA_6", MimeType: "image/jpeg", Caption: "   "}),
				msg(ana, "wamid.N4", "video", "[video]", epoch(1700000303)),
			},
		},
		{
			file: "unknown_type.json", rule: "unknown types are documents; a location says where; a reaction is no message",
			messages: []messaging.InboundMessage{
				msg(ana, "wamid.U1", "document", "[location] Escritório (-23.55, -46.63)", epoch(1700000400)),
				msg(ana, "wamid.U3", "document", "[document]", epoch(1700000402)),
				msg(ana, "wamid.U4", "document", "legenda de tipo novo", epoch(1700000403)),
			},
		},
		{
			file: "bad_timestamp.json", rule: "invalid timestamps become now in UTC; integer epochs are read",
			messages: []messaging.InboundMessage{
				msg(ana, "wamid.T1", "text", "a", fixedNow),
				msg(ana, "wamid.T2", "text", "b", fixedNow),
				msg(ana, "wamid.T3", "text", "c", fixedNow),
				msg(ana, "wamid.T4", "text", "d", fixedNow),
				msg(ana, "wamid.T5", "text", "e", fixedNow),
				msg(ana, "wamid.T6", "text", "f", epoch(1700000500)),
			},
		},
		{
			file: "missing_timestamp.json", rule: "missing timestamps become now in UTC",
			messages: []messaging.InboundMessage{
				msg(ana, "wamid.S1", "text", "sem hora", fixedNow),
				msg(ana, "wamid.S2", "text", "hora nula", fixedNow),
				msg(ana, "wamid.S3", "text", "hora vazia", fixedNow),
			},
		},
		{
			file: "statuses_only.json", rule: "statuses yield no message; the four known ones are parsed",
			statuses: []messaging.Status{
				{MessageID: "wamid.OUT1", Status: domain.DeliverySent, Recipient: ana, Timestamp: epoch(1700000600)},
				{MessageID: "wamid.OUT1", Status: domain.DeliveryDelivered, Recipient: ana, Timestamp: epoch(1700000601)},
				{MessageID: "wamid.OUT1", Status: domain.DeliveryRead, Recipient: ana, Timestamp: epoch(1700000602)},
				{MessageID: "wamid.OUT2", Status: domain.DeliveryFailed, Recipient: ana, Timestamp: epoch(1700000603),
					Errors: []messaging.StatusError{{
						Code: 131047, Title: "Re-engagement message", Message: "Re-engagement message",
						Details: "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
					}}},
			},
			rejected: []rejection{
				{messaging.ItemStatus, "wamid.OUT3", messaging.ErrUnknownStatus},
				{messaging.ItemStatus, "", messaging.ErrMissingID},
			},
		},
		{
			file: "sender_no_digits.json", rule: "a sender without digits is rejected alone; formatting is stripped",
			messages: []messaging.InboundMessage{
				msg(ana, "wamid.V1", "text", "primeiro", epoch(1700000700)),
				msg(bruno, "wamid.V3", "text", "terceiro", epoch(1700000702)),
			},
			rejected: []rejection{{messaging.ItemMessage, "wamid.V2", messaging.ErrNoDigits}},
		},
		{
			file: "malformed_items.json", rule: "malformed items are rejected one by one",
			messages: []messaging.InboundMessage{
				msg(ana, "wamid.X4", "text", "ok", epoch(1700000803)),
			},
			rejected: []rejection{
				{messaging.ItemMessage, "", messaging.ErrMalformed},
				{messaging.ItemMessage, "wamid.X1", messaging.ErrMalformed},
				{messaging.ItemMessage, "", messaging.ErrMissingID},
				{messaging.ItemMessage, "wamid.X3", messaging.ErrEmptyContent},
				{messaging.ItemStatus, "wamid.OUT9", messaging.ErrMalformed},
			},
		},
	}
	p := newParser(t)
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			b, err := p.ParseEnvelope(readTestdata(t, tt.file))
			if err != nil {
				t.Fatalf("ParseEnvelope: %v", err)
			}
			assertMessages(t, tt.rule, b.Messages, tt.messages)
			assertStatuses(t, tt.rule, b.Statuses, tt.statuses)
			assertRejected(t, tt.rule, b.Rejected, tt.rejected)
		})
	}
}

func TestParseEnvelopeRejectsNonEnvelopes(t *testing.T) {
	p := newParser(t)
	for _, body := range []string{``, `not json`, `[1,2]`, `{"entry": {"id": 1}}`, `{"entry": [{"changes": "x"}]}`} {
		if _, err := p.ParseEnvelope([]byte(body)); !errors.Is(err, messaging.ErrMalformed) {
			t.Errorf("ParseEnvelope(%q) error = %v, want ErrMalformed", body, err)
		}
	}
	b, err := p.ParseEnvelope([]byte(`{}`))
	if err != nil || len(b.Messages)+len(b.Statuses)+len(b.Rejected) != 0 {
		t.Errorf("ParseEnvelope({}) = %+v, %v; want an empty batch", b, err)
	}
}

func assertMessages(t *testing.T, rule string, got, want []messaging.InboundMessage) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: got %d messages %+v, want %d", rule, len(got), got, len(want))
	}
	for i := range want {
		if !got[i].ReceivedAt.Equal(want[i].ReceivedAt) || got[i].ReceivedAt.Location() != time.UTC {
			t.Errorf("%s: message %d received_at = %v, want %v in UTC", rule, i, got[i].ReceivedAt, want[i].ReceivedAt)
		}
		g, w := got[i], want[i]
		g.ReceivedAt, w.ReceivedAt = time.Time{}, time.Time{}
		if !reflect.DeepEqual(g, w) {
			t.Errorf("%s: message %d\n got  %+v (media %+v)\n want %+v (media %+v)", rule, i, g, g.Media, w, w.Media)
		}
	}
}

func assertStatuses(t *testing.T, rule string, got, want []messaging.Status) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: got %d statuses %+v, want %d", rule, len(got), got, len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.MessageID != w.MessageID || g.Status != w.Status || g.Recipient != w.Recipient ||
			!g.Timestamp.Equal(w.Timestamp) || len(g.Errors) != len(w.Errors) {
			t.Errorf("%s: status %d\n got  %+v\n want %+v", rule, i, g, w)
			continue
		}
		for j := range w.Errors {
			if g.Errors[j] != w.Errors[j] {
				t.Errorf("%s: status %d error %d = %+v, want %+v", rule, i, j, g.Errors[j], w.Errors[j])
			}
		}
	}
}

func assertRejected(t *testing.T, rule string, got []messaging.Rejection, want []rejection) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: got %d rejections %+v, want %d", rule, len(got), got, len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.Item != w.item || g.ID != w.id || !errors.Is(g.Err, w.err) {
			t.Errorf("%s: rejection %d = {%s %q %v}, want {%s %q %v}", rule, i, g.Item, g.ID, g.Err, w.item, w.id, w.err)
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
	orig.PushName, orig.Media = "", nil // the internal payload has neither push name nor media
	assertMessages(t, "round trip", []messaging.InboundMessage{back}, []messaging.InboundMessage{orig})
}

// Turn carries everything the receipt and the session actor need.
func TestInboundMessageTurn(t *testing.T) {
	p := newParser(t)
	b, err := p.ParseEnvelope(readTestdata(t, "multi_entry.json"))
	if err != nil {
		t.Fatal(err)
	}
	turn := b.Messages[0].Turn()
	want := domain.InboundTurn{
		PhoneNumber: "+5511988887777", MessageID: "wamid.A1", Content: "Olá, preciso de ajuda",
		ReceivedAt: epoch(1700000000), Instance: "instance_a", MessageType: domain.MessageText,
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
