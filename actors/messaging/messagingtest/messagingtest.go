// Package messagingtest holds the contract suites of the messaging port:
// RunSender, which every messaging.Sender (the platform client, the stub,
// the fakes of other tests) runs in one line, and what the parsers' fuzz
// targets share: the seeding from testdata and the promises every parsed
// message keeps for the webhook handler (CheckMessage), whichever platform
// parsed it. It is test support only; production code never imports it.
package messagingtest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
)

// AddTestdata seeds f with the testdata files matching pattern, on top of the
// corpus in testdata/fuzz/<name>.
func AddTestdata(f *testing.F, pattern string) {
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

// CheckMessage fails t unless m keeps the promises the handler relies on: a
// normalized phone in its identity form (with reply_to, when set, another
// form of the same number), a known type, an ID, content and instance, a UTC
// reception time, and an internal payload that marshals.
func CheckMessage(t *testing.T, m messaging.InboundMessage) {
	t.Helper()
	digits := strings.TrimPrefix(m.PhoneNumber, "+")
	if digits == m.PhoneNumber || digits == "" || messaging.Digits(digits) != digits {
		t.Fatalf("phone %q is not + and digits", m.PhoneNumber)
	}
	if id, _ := messaging.NormalizeSender(m.PhoneNumber); id != m.PhoneNumber {
		t.Fatalf("phone %q is not the identity form %q", m.PhoneNumber, id)
	}
	if id, _ := messaging.NormalizeSender(m.ReplyTo); m.ReplyTo != "" && (id != m.PhoneNumber || id == m.ReplyTo) {
		t.Fatalf("reply_to %q is no other form of phone %q", m.ReplyTo, m.PhoneNumber)
	}
	switch m.MessageType {
	case domain.MessageText, domain.MessageImage, domain.MessageAudio, domain.MessageVideo,
		domain.MessageDocument, domain.MessageSticker:
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
