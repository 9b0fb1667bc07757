package messaging_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
)

// TestOnePassParseMatchesItemByItem checks the fast path against the slow one
// on every recorded envelope: the same messages, statuses and rejections.
func TestOnePassParseMatchesItemByItem(t *testing.T) {
	now := time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)
	p, err := messaging.NewParser(messaging.ParserConfig{Instances: []string{"instance_a"}, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	paths, _ := filepath.Glob("testdata/*.json")
	checked := 0
	for _, path := range paths {
		if strings.HasPrefix(filepath.Base(path), "internal_") || strings.HasSuffix(path, ".golden.json") {
			continue
		}
		body, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		fast, fastErr := p.ParseEnvelope(body)
		slow, slowErr := p.ParseItemByItem(body)
		if (fastErr == nil) != (slowErr == nil) || !sameBatch(fast, slow) {
			t.Errorf("%s: one pass %+v (%v), item by item %+v (%v)", path, fast, fastErr, slow, slowErr)
		}
		checked++
	}
	if checked < 8 {
		t.Fatalf("only %d envelopes checked", checked)
	}
}

// TestOnePassDecodeFollowsEncodingJSON feeds the fast path what
// encoding/json accepts and a stricter decoder would not: names in another
// case, escapes, unknown fields, nulls. The envelope must still take the fast
// path, and the comparison above holds it to the item-by-item reading.
func TestOnePassDecodeFollowsEncodingJSON(t *testing.T) {
	body, err := os.ReadFile("testdata/lenient_json.json")
	if err != nil {
		t.Fatal(err)
	}
	if !messaging.DecodesInOnePass(body) {
		t.Fatal("a lenient but valid envelope left the one-pass path")
	}
	p, err := messaging.NewParser(messaging.ParserConfig{Instances: []string{"instance_a"}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.ParseEnvelope(body)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, m := range b.Messages {
		ids = append(ids, m.ProviderMessageID+" "+m.Content+" "+m.PushName)
	}
	want := []string{"wamid.L2 café \"quoted\" \\ ok José 😀", "wamid.L3 foto José 😀"}
	if !reflect.DeepEqual(ids, want) {
		t.Fatalf("messages %q, want %q", ids, want)
	}
}

// sameBatch compares batches, rejections by item, ID and error text.
func sameBatch(a, b messaging.Batch) bool {
	if !reflect.DeepEqual(a.Messages, b.Messages) || !reflect.DeepEqual(a.Statuses, b.Statuses) || len(a.Rejected) != len(b.Rejected) {
		return false
	}
	for i := range a.Rejected {
		x, y := a.Rejected[i], b.Rejected[i]
		if x.Item != y.Item || x.ID != y.ID || x.Err.Error() != y.Err.Error() {
			return false
		}
	}
	return true
}

// TestRepeatedNamesTakeTheItemByItemPath repeats the messages array: a
// one-pass decode would merge the second into the first and make a valid
// message of an invalid one, so the body must take the item-by-item path,
// which rejects it alone.
func TestRepeatedNamesTakeTheItemByItemPath(t *testing.T) {
	body := []byte(`{"object":"whatsapp_business_account","entry":[{"id":"W","changes":[{"field":"messages","value":{` +
		`"messages":[{"from":"5511988887777","id":"wamid.A","timestamp":"1700000000","type":"text","text":{"body":"oi"}}],` +
		`"messages":[{"id":"wamid.B"}]}}]}]}`)
	if messaging.DecodesInOnePass(body) {
		t.Fatal("a repeated name took the one-pass path")
	}
	p, err := messaging.NewParser(messaging.ParserConfig{Instances: []string{"instance_a"}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.ParseEnvelope(body)
	if err != nil || len(b.Messages) != 0 || len(b.Rejected) != 1 || b.Rejected[0].ID != "wamid.B" {
		t.Fatalf("batch %+v (%v), want wamid.B rejected alone", b, err)
	}
}
