package webhook_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http/httptest"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/inbound"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/queue/inprocess"
)

// Mounting the webhook on an app, and a signed delivery of one message.
func Example() {
	q, _ := inprocess.New(inprocess.Config{}, zap.NewNop())
	defer q.Close()
	platform, err := cloudapi.NewWebhook(cloudapi.WebhookConfig{
		ParserConfig: messaging.ParserConfig{Instances: []string{"instance_a", "instance_b"}},
		AppSecret:    "app-secret",
		VerifyToken:  "verify-token",
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	// The clock is pinned near the messages' timestamps: older than
	// inbound.Config.MaxAge (7 days), they would be acknowledged and dropped.
	now := func() time.Time { return time.Unix(1700000100, 0) }
	table := memory.New()
	acceptor, err := inbound.New(inbound.Config{Now: now}, inbound.Deps{Table: table, Queue: q}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	h, err := webhook.New(webhook.Config{}, webhook.Deps{Platform: platform, Table: table, Inbound: acceptor}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	app := fiber.New(fiber.Config{ErrorHandler: httperr.Handler, BodyLimit: webhook.MaxBodyBytes})
	h.Register(app)

	body := []byte(`{"object":"whatsapp_business_account","entry":[{"id":"WABA","changes":[{"field":"messages","value":{
		"metadata":{"phone_number_id":"PNID_1"},
		"messages":[{"from":"5511988887777","id":"wamid.1","timestamp":"1700000000","type":"text","text":{"body":"Oi"}},
		            {"from":"???","id":"wamid.2","timestamp":"1700000001","type":"text","text":{"body":"x"}}]}}]}]}`)
	for _, signature := range []string{cloudapi.Signature("app-secret", body), ""} {
		req := httptest.NewRequest(fiber.MethodPost, "/webhook", bytes.NewReader(body))
		if signature != "" {
			req.Header.Set(cloudapi.SignatureHeader, signature)
		}
		res, _ := app.Test(req, -1)
		answer, _ := io.ReadAll(res.Body)
		fmt.Println(res.StatusCode, string(answer))
	}
	// Output:
	// 200 {"accepted":1,"duplicates":0,"rejected":[{"message_id":"wamid.2","reason":"sender_without_digits"}]}
	// 401 {"error":{"code":"missing_signature","message":"X-Hub-Signature-256 is required"}}
}
