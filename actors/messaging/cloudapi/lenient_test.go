package cloudapi_test

import (
	"os"
	"reflect"
	"testing"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
)

// The envelope is read with encoding/json's rules: names in another case,
// escapes, unknown fields and nulls are accepted.
func TestEnvelopeFollowsEncodingJSON(t *testing.T) {
	body, err := os.ReadFile("testdata/lenient_json.json")
	if err != nil {
		t.Fatal(err)
	}
	p, err := cloudapi.NewParser(messaging.ParserConfig{Instances: []string{"instance_a"}})
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

// A repeated messages array replaces the first one instead of merging into
// it, so an invalid message never borrows the fields of a valid one: it is
// rejected alone.
func TestRepeatedNamesDoNotMerge(t *testing.T) {
	body := []byte(`{"object":"whatsapp_business_account","entry":[{"id":"W","changes":[{"field":"messages","value":{` +
		`"messages":[{"from":"5511988887777","id":"wamid.A","timestamp":"1700000000","type":"text","text":{"body":"oi"}}],` +
		`"messages":[{"id":"wamid.B"}]}}]}]}`)
	p, err := cloudapi.NewParser(messaging.ParserConfig{Instances: []string{"instance_a"}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.ParseEnvelope(body)
	if err != nil || len(b.Messages) != 0 || len(b.Rejected) != 1 || b.Rejected[0].ID != "wamid.B" {
		t.Fatalf("batch %+v (%v), want wamid.B rejected alone", b, err)
	}
}
