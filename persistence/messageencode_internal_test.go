package persistence

import (
	"reflect"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
)

// TestMessageEncoderMatchesTheReflectiveOne: the hand-written message
// encoder writes what the reflective encoder writes, attribute for
// attribute, for a message with every field set, with none set, and with
// each field alone set; a field added to domain.Message and not to the
// encoder fails here.
func TestMessageEncoderMatchesTheReflectiveOne(t *testing.T) {
	full := filled(t)
	cases := map[string]domain.Message{"every field": full, "no field": {}}
	fields := reflect.TypeFor[domain.Message]().NumField()
	for i := range fields {
		var one domain.Message
		reflect.ValueOf(&one).Elem().Field(i).Set(reflect.ValueOf(full).Field(i))
		cases["only "+reflect.TypeFor[domain.Message]().Field(i).Name] = one
	}
	cases["empty lists and map"] = domain.Message{DebouncedWith: []string{}, Options: []string{}, LLMParsedJSON: map[string]any{}}
	for name, m := range cases {
		t.Run(name, func(t *testing.T) {
			want, err := encodeRecord(m)
			if err != nil {
				t.Fatal(err)
			}
			got, err := encodeMessageRecord(m)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("hand-written encoding differs:\n got %#v\nwant %#v", got, want)
			}
		})
	}
}

// filled is a message with every field set to a value that is not its
// type's zero, so that omitempty leaves nothing out.
func filled(t *testing.T) domain.Message {
	at := time.Date(2026, 11, 27, 13, 4, 5, 6_000_000, time.UTC)
	m := domain.Message{
		MessageID: "wamid.1", SessionID: "s-1", PhoneNumber: "5511999990000", Content: "Olá",
		Timestamp: at, StateBefore: "greeting", StateAfter: "qualifying", Direction: "outbound", MessageType: "text",
		DebouncedWith: []string{"wamid.0", "wamid.00"}, LLMRawResponse: `{"a":1} Olá`,
		LLMParsedJSON:    map[string]any{"a": 1.0, "nested": map[string]any{"b": []any{"x", true}}},
		CleanMessageSent: "Olá", Agent: "qualifier", OperatorPhone: "5511888880000", ProviderMessageID: "wamid.p",
		ContextPackagesActive: []string{"pricing"}, LLMModel: "gpt", TokensInput: 10, TokensOutput: 20, LatencyMS: 30,
		Error: "e", DeliveryStatus: "read", DeliveryUpdatedAt: &at, ReplyID: "r1",
		Media:    &domain.Media{ID: "m1", MimeType: "image/jpeg", SHA256: "ab", Size: 3, FileName: "f.jpg", Caption: "c"},
		Reaction: "👍", ReactionAt: &at, OutboxStatus: "sent", OutboxAttempts: 2, OutboxUncertain: 1,
		Template: &domain.TemplateSend{Name: "t", Language: "pt_BR", Params: []string{"p"}},
		ReplyTo:  "5511777770000", Options: []string{"Sim", "Não"}, Transcript: "áudio",
	}
	v := reflect.ValueOf(m)
	for i := range v.NumField() {
		if v.Field(i).IsZero() {
			t.Fatalf("filled leaves domain.Message.%s zero: give it a value", v.Type().Field(i).Name)
		}
	}
	return m
}

// BenchmarkMessageEncoder compares the hand-written message encoder with
// the reflective one on a bot reply as a turn commits it.
func BenchmarkMessageEncoder(b *testing.B) {
	at := time.Now()
	reply := domain.Message{
		MessageID: "wamid.1-reply", SessionID: "s-1", PhoneNumber: "5511999990000", Timestamp: at,
		Content: "Olá! Como posso ajudar?", StateBefore: "greeting", StateAfter: "qualifying",
		Direction: "outbound", MessageType: "text", LLMRawResponse: `{"intent":"quote"} Olá! Como posso ajudar?`,
		LLMParsedJSON: map[string]any{"intent": "quote"}, CleanMessageSent: "Olá! Como posso ajudar?",
		Agent: "qualifier", LLMModel: "gpt", TokensInput: 2000, TokensOutput: 40, LatencyMS: 800,
		OutboxStatus: "sending", OutboxAttempts: 1, DebouncedWith: []string{"wamid.1"},
	}
	for _, enc := range []struct {
		name   string
		encode func(domain.Message) (Item, error)
	}{
		{"reflective", func(m domain.Message) (Item, error) { return encodeRecord(m) }},
		{"hand-written", encodeMessageRecord},
	} {
		b.Run(enc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := enc.encode(reply); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
