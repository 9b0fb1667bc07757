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
