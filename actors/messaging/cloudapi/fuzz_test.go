package cloudapi_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/actors/messaging/messagingtest"
)

// FuzzParseEnvelope checks that no webhook body makes the parser panic and
// that everything it returns keeps the promises the handler relies on.
func FuzzParseEnvelope(f *testing.F) {
	messagingtest.AddTestdata(f, "[a-z]*_*.json")
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
		future := fixedNow.Add(time.Minute)
		for _, m := range b.Messages {
			messagingtest.CheckMessage(t, m)
			if m.ReceivedAt.After(future) {
				t.Fatalf("message dated in the future: %+v", m)
			}
		}
		for _, s := range b.Statuses {
			if s.MessageID == "" || s.Timestamp.Location() != time.UTC || s.Timestamp.After(future) {
				t.Fatalf("status without ID, not in UTC or in the future: %+v", s)
			}
		}
		for _, r := range b.Rejected {
			if r.Err == nil || (r.Item != messaging.ItemMessage && r.Item != messaging.ItemStatus) {
				t.Fatalf("bad rejection %+v", r)
			}
		}
	})
}
