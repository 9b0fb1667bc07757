package messaging_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/messagingtest"
)

// FuzzParseInternal checks that no internal payload makes the parser panic
// and that every message it returns keeps the promises the handler relies on.
func FuzzParseInternal(f *testing.F) {
	messagingtest.AddTestdata(f, "internal_*.json")
	p, err := messaging.NewParser(messaging.ParserConfig{
		Instances: []string{"instance_a", "instance_b"},
		Now:       func() time.Time { return fixedNow },
		NewID:     func() string { return "generated-uuid" },
	})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		m, err := p.ParseInternal(body)
		if err != nil {
			return
		}
		messagingtest.CheckMessage(t, m)
	})
}

// FuzzParseTyped checks that no typed text makes ParseTyped panic, and that
// what it accepts is an identity NormalizeSender keeps and ParseTyped reads
// back as itself.
func FuzzParseTyped(f *testing.F) {
	for _, s := range []string{"(11) 90000-0000", "011 98888-7777", "+55 11 8888-7777", "98888-7777", "+1 555", "0 15 11 98888-7777", "５５１１"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, typed string) {
		phone, err := messaging.ParseTyped(typed, messaging.DefaultRegion)
		if err != nil {
			return
		}
		if id, err := messaging.NormalizeSender(phone); err != nil || id != phone {
			t.Fatalf("ParseTyped(%q) = %q, not an identity (%q, %v)", typed, phone, id, err)
		}
		if again, err := messaging.ParseTyped(phone, messaging.DefaultRegion); err != nil || again != phone {
			t.Fatalf("ParseTyped(%q) = %q, which reads back as %q, %v", typed, phone, again, err)
		}
	})
}
