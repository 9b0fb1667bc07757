package cloudapi_test

import (
	"fmt"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
)

func ExampleParser_ParseEnvelope() {
	p, _ := cloudapi.NewParser(messaging.ParserConfig{Instances: []string{"instance_a", "instance_b"}})
	body := []byte(`{"object":"whatsapp_business_account","entry":[{"id":"WABA","changes":[{"field":"messages","value":{
		"metadata":{"phone_number_id":"PNID_1"},
		"contacts":[{"wa_id":"5511988887777","profile":{"name":"Ana"}}],
		"messages":[
			{"from":"5511988887777","id":"wamid.1","timestamp":"1700000000","type":"text","text":{"body":"Oi"}},
			{"from":"5511988887777","id":"wamid.2","timestamp":"1700000001","type":"audio","audio":{"id":"M1"}},
			{"from":"???","id":"wamid.3","timestamp":"1700000002","type":"text","text":{"body":"x"}}],
		"statuses":[{"id":"wamid.OUT","status":"read","timestamp":"1700000003","recipient_id":"5511988887777"}]}}]}]}`)
	b, err := p.ParseEnvelope(body)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range b.Messages {
		fmt.Println(m.ProviderMessageID, m.PhoneNumber, m.PushName, m.Instance, m.MessageType, m.Content,
			m.ReceivedAt.Format(time.RFC3339))
	}
	for _, s := range b.Statuses {
		fmt.Println(s.MessageID, s.Status, s.Recipient)
	}
	for _, r := range b.Rejected {
		fmt.Println(r.Item, r.ID, r.Err)
	}
	// Output:
	// wamid.1 +5511988887777 Ana instance_a text Oi 2023-11-14T22:13:20Z
	// wamid.2 +5511988887777 Ana instance_a audio [audio] 2023-11-14T22:13:21Z
	// wamid.OUT read +5511988887777
	// message wamid.3 message wamid.3: messaging: sender has no digits: "???"
}
