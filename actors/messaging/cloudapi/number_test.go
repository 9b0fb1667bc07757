package cloudapi_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/domain"
)

func newWebhookFor(t *testing.T, phoneNumberID string) *cloudapi.Webhook {
	t.Helper()
	w, err := cloudapi.NewWebhook(cloudapi.WebhookConfig{
		ParserConfig:  messaging.ParserConfig{Instances: []string{"instance_a"}, Now: func() time.Time { return fixedNow }},
		PhoneNumberID: phoneNumberID,
	})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// A change addressed to another of the app's numbers is not our
// conversation: its messages, reactions and statuses are rejected with
// ErrOtherNumber; ours are parsed as always. Without a configured number
// every change is ours.
func TestChangesForAnotherNumberAreIgnored(t *testing.T) {
	const ana, bruno = "+5511988887777", "+5521977776666"
	ours := []messaging.InboundMessage{msg(ana, "wamid.O1", "text", "para nós", epoch(1700000900))}
	ourStatus := messaging.Status{MessageID: "wamid.OUT1", Status: domain.DeliveryRead, Recipient: ana, Timestamp: epoch(1700000901)}
	tests := []struct {
		rule, configured string
		messages         []messaging.InboundMessage
		statuses         []messaging.Status
		reactions        int
		rejected         []rejection
	}{
		{
			rule: "configured: the other number's items are rejected", configured: "PNID_1",
			messages: ours, statuses: []messaging.Status{ourStatus},
			rejected: []rejection{
				{messaging.ItemMessage, "wamid.O2", messaging.ErrOtherNumber},
				{messaging.ItemMessage, "wamid.O3", messaging.ErrOtherNumber},
				{messaging.ItemStatus, "wamid.OUT2", messaging.ErrOtherNumber},
			},
		},
		{
			rule: "not configured: every number is ours", configured: "",
			messages: append(ours, from(msg(bruno, "wamid.O2", "text", "para o outro número", epoch(1700000902)), "PNID_2")),
			statuses: []messaging.Status{ourStatus,
				{MessageID: "wamid.OUT2", Status: domain.DeliveryDelivered, Recipient: bruno, Timestamp: epoch(1700000903)}},
			reactions: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.rule, func(t *testing.T) {
			b, err := newWebhookFor(t, tt.configured).ParseEnvelope(readTestdata(t, "other_number.json"))
			if err != nil {
				t.Fatal(err)
			}
			assertMessages(t, tt.rule, b.Messages, tt.messages)
			assertStatuses(t, tt.rule, b.Statuses, tt.statuses)
			assertRejected(t, tt.rule, b.Rejected, tt.rejected)
			if len(b.Reactions) != tt.reactions {
				t.Errorf("%s: %d reactions, want %d", tt.rule, len(b.Reactions), tt.reactions)
			}
		})
	}
}

// The rejection names the other number masked: only its last four digits.
func TestIgnoredNumberIsMasked(t *testing.T) {
	body := []byte(`{"entry":[{"changes":[{"field":"messages","value":{"metadata":{"phone_number_id":"106540352242922"},` +
		`"messages":[{"from":"5521977776666","id":"wamid.Z","type":"text","text":{"body":"oi"}}]}}]}]}`)
	b, err := newWebhookFor(t, "PNID_1").ParseEnvelope(body)
	if err != nil || len(b.Rejected) != 1 {
		t.Fatalf("%v, %+v", err, b.Rejected)
	}
	if got := b.Rejected[0].Err.Error(); got != "messaging: addressed to another phone number ID …2922" {
		t.Errorf("error %q", got)
	}
}
