package cloudapi_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
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

// FuzzParseEnvelope checks that no webhook body makes the parser panic and
// that everything it returns keeps the promises the handler relies on.
func FuzzParseEnvelope(f *testing.F) {
	addTestdata(f, "[a-z]*_*.json")
	p, err := cloudapi.NewParser(messaging.ParserConfig{
		Instances: []string{"instance_a", "instance_b"},
		Now:       func() time.Time { return fixedNow },
	})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		b, err := p.ParseEnvelope(body)
		if err != nil {
			if len(b.Messages)+len(b.Statuses)+len(b.Rejected) != 0 {
				t.Fatalf("error %v with a non-empty batch", err)
			}
			return
		}
		for _, m := range b.Messages {
			checkMessage(t, m)
		}
		for _, s := range b.Statuses {
			if s.MessageID == "" || s.Timestamp.Location() != time.UTC {
				t.Fatalf("status without ID or not in UTC: %+v", s)
			}
		}
		for _, r := range b.Rejected {
			if r.Err == nil || (r.Item != messaging.ItemMessage && r.Item != messaging.ItemStatus) {
				t.Fatalf("bad rejection %+v", r)
			}
		}
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
