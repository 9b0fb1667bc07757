package webhook_test

import (
	"fmt"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/inbound"
	"github.com/intake-runtime/intake/persistence/memory"
)

// Whatever happens, the logs hold neither secret nor customer text, and
// rejections and failures are logged with their message IDs.
func TestLogsHoldNoSecretsNorContent(t *testing.T) {
	core, logs := observer.New(zapcore.DebugLevel)
	q := &recorder{}
	platform := newPlatform(t, cloudapi.WebhookConfig{
		ParserConfig: messaging.ParserConfig{Instances: []string{"instance_a"}}, AppSecret: testSecret, VerifyToken: testVerifyToken})
	handler := newHandler(t, webhook.Config{}, inbound.Config{Now: func() time.Time { return testStart }}, platform,
		inbound.Deps{Table: memory.New(), Queue: q}, zap.New(core))
	h := &harness{t: t, app: newApp(handler)}

	h.do(httptest.NewRequest(fiber.MethodGet, "/webhook?"+url.Values{
		"hub.mode": {"subscribe"}, "hub.verify_token": {testVerifyToken + "x"}, "hub.challenge": {"1"}}.Encode(), nil))
	h.post("/webhook", readFile(t, "sender_no_digits.json"), true)
	h.post("/webhook", readFile(t, "statuses_only.json"), true)
	q.setFail(errQueueDown)
	h.post("/webhook", readFile(t, "one_message.json"), true)

	if logs.Len() == 0 {
		t.Fatal("nothing was logged")
	}
	var sawRejection, sawFailure bool
	for _, e := range logs.All() {
		line := e.Message
		for k, v := range e.ContextMap() {
			line += fmt.Sprintf(" %s=%v", k, v)
		}
		for _, secret := range []string{testSecret, testVerifyToken, "orçamento", "sem número", "cliente"} {
			if strings.Contains(line, secret) {
				t.Errorf("log %q holds %q", line, secret)
			}
		}
		sawRejection = sawRejection || (e.Message == "inbound message rejected" && e.ContextMap()["message_id"] == "wamid.V2")
		sawFailure = sawFailure || (e.Level == zapcore.ErrorLevel && e.ContextMap()["message_id"] == "wamid.ONE")
	}
	if !sawRejection || !sawFailure {
		t.Errorf("want the rejection of wamid.V2 (%v) and the failure of wamid.ONE (%v) logged", sawRejection, sawFailure)
	}
}
