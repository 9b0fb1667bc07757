package webhook_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/inbound"
	"github.com/intake-runtime/intake/persistence/memory"
)

func withPhoneNumberID(id string) option {
	return func(c *cloudapi.WebhookConfig) { c.PhoneNumberID = id }
}

// A message for another business number of the same app is answered 200 and
// listed as rejected (other_phone_number_id); it gets no receipt and no
// queue message, while ours in the same delivery is accepted.
func TestMessagesForAnotherNumberAreAcknowledgedNotTaken(t *testing.T) {
	h := newHarness(t, withPhoneNumberID("PNID_1"))
	status, body := h.post("/webhook", readFile(t, "multi_entry.json"), true)
	if status != 200 {
		t.Fatalf("status %d %s, want 200", status, body)
	}
	checkSummary(t, body, 2, []webhook.Rejected{{MessageID: "wamid.B1", Reason: webhook.ReasonOtherNumber}})
	var ids []string
	for _, r := range h.receipts() {
		ids = append(ids, r.MessageID)
	}
	if strings.Join(ids, ",") != "wamid.A1,wamid.A2" {
		t.Errorf("receipts %v, want only PNID_1's wamid.A1 and wamid.A2", ids)
	}
	for _, id := range h.queueIDs() {
		if id == "wamid.B1" {
			t.Error("the other number's message was queued")
		}
	}
}

// Without MESSAGING_PHONE_NUMBER_ID every number is ours.
func TestWithoutAConfiguredNumberEveryNumberIsOurs(t *testing.T) {
	h := newHarness(t)
	status, body := h.post("/webhook", readFile(t, "multi_entry.json"), true)
	if status != 200 {
		t.Fatalf("status %d %s, want 200", status, body)
	}
	checkSummary(t, body, 3, nil)
}

// The ignored message is logged by ID and reason; the number is not.
func TestIgnoredNumberIsLoggedWithoutTheNumber(t *testing.T) {
	core, logs := observer.New(zapcore.DebugLevel)
	platform := newPlatform(t, cloudapi.WebhookConfig{
		ParserConfig: messaging.ParserConfig{Instances: []string{"instance_a"}}, AppSecret: testSecret, PhoneNumberID: "PNID_1"})
	handler := newHandler(t, webhook.Config{}, inbound.Config{Now: func() time.Time { return testStart }}, platform,
		inbound.Deps{Table: memory.New(), Queue: &recorder{}}, zap.New(core))
	h := &harness{t: t, app: newApp(handler)}
	h.post("/webhook", readFile(t, "multi_entry.json"), true)
	logged := false
	for _, e := range logs.All() {
		line := e.Message
		for k, v := range e.ContextMap() {
			line += fmt.Sprintf(" %s=%v", k, v)
		}
		if strings.Contains(line, "PNID_2") {
			t.Errorf("log %q names the other number", line)
		}
		logged = logged || e.ContextMap()["message_id"] == "wamid.B1" && e.ContextMap()["reason"] == webhook.ReasonOtherNumber
	}
	if !logged {
		t.Error("the ignored message was not logged with its reason")
	}
}
