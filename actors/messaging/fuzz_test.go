package messaging_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/persistence"
)

// addTestdata seeds f with the testdata files matching pattern, on top of the
// corpus in testdata/fuzz/<name>.
func addTestdata(f *testing.F, pattern string) {
	files, err := filepath.Glob(filepath.Join("testdata", pattern))
	if err != nil {
		f.Fatal(err)
	}
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
}

// FuzzParseInternal checks that no internal payload makes the parser panic
// and that every message it returns keeps the promises the handler relies on.
func FuzzParseInternal(f *testing.F) {
	addTestdata(f, "internal_*.json")
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
		checkMessage(t, m)
	})
}

func checkMessage(t *testing.T, m messaging.InboundMessage) {
	t.Helper()
	digits := strings.TrimPrefix(m.PhoneNumber, "+")
	if digits == m.PhoneNumber || digits == "" || messaging.Digits(digits) != digits {
		t.Fatalf("phone %q is not + and digits", m.PhoneNumber)
	}
	switch m.MessageType {
	case persistence.MessageText, persistence.MessageImage, persistence.MessageAudio, persistence.MessageVideo,
		persistence.MessageDocument, persistence.MessageSticker:
	default:
		t.Fatalf("message type %q", m.MessageType)
	}
	if m.ProviderMessageID == "" || strings.TrimSpace(m.Content) == "" || m.Instance == "" {
		t.Fatalf("message lacks ID, content or instance: %+v", m)
	}
	if m.ReceivedAt.Location() != time.UTC || m.ReceivedAt.IsZero() {
		t.Fatalf("received_at %v not a UTC time", m.ReceivedAt)
	}
	if _, err := json.Marshal(m.InternalPayload()); err != nil {
		t.Fatalf("payload does not marshal: %v", err)
	}
}
