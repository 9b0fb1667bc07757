package messaging_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
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
			if !got.ReceivedAt.Equal(tt.want.ReceivedAt) || got.ReceivedAt.Location() != time.UTC {
				t.Errorf("%s: received_at = %v, want %v in UTC", tt.rule, got.ReceivedAt, tt.want.ReceivedAt)
			}
			got.ReceivedAt, tt.want.ReceivedAt = time.Time{}, time.Time{}
			if got != tt.want {
				t.Errorf("%s:\n got  %+v\n want %+v", tt.rule, got, tt.want)
			}
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

// fixedNow is the parser clock of every test: a payload without a time gets
// exactly this.
var fixedNow = time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)

func newParser(t *testing.T) *messaging.Parser {
	t.Helper()
	p, err := messaging.NewParser(messaging.ParserConfig{
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
