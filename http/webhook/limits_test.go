package webhook_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/inbound"
)

// envelopeOf builds a one-change envelope around messages and contacts.
func envelopeOf(t *testing.T, contacts []map[string]any, messages ...map[string]any) []byte {
	t.Helper()
	b, err := json.Marshal(map[string]any{
		"object": "whatsapp_business_account",
		"entry": []any{map[string]any{"id": "WABA_1", "changes": []any{map[string]any{
			"field": "messages",
			"value": map[string]any{
				"metadata": map[string]any{"phone_number_id": "PNID_1"},
				"contacts": contacts, "messages": messages,
			},
		}}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func text(id, body string) map[string]any {
	return map[string]any{"from": "5511988887777", "id": id, "timestamp": "1772366400", "type": "text", "text": map[string]any{"body": body}}
}

// Messages the platform cannot send (oversized content or ID) are rejected
// one by one instead of failing their receipt write, and so the envelope,
// on every redelivery.
func TestOversizedMessagesAreRejected(t *testing.T) {
	h := newHarness(t)
	longID := strings.Repeat("i", webhook.MaxMessageIDBytes+1)
	body := envelopeOf(t,
		[]map[string]any{{"wa_id": "5511988887777", "profile": map[string]any{"name": strings.Repeat("é", 1000)}}},
		text("wamid.OK", "cabe"),
		text("wamid.BIG", strings.Repeat("x", webhook.MaxContentBytes+1)),
		text(longID, "id enorme"),
		text("wamid.EDGE", strings.Repeat("y", webhook.MaxContentBytes)),
	)
	sum := h.deliver(body)
	want := []webhook.Rejected{
		{MessageID: "wamid.BIG", Reason: webhook.ReasonContentTooLong},
		{MessageID: "", Reason: webhook.ReasonIDTooLong},
	}
	if sum.Accepted != 2 || !slices.Equal(sum.Rejected, want) {
		t.Errorf("summary %+v, want 2 accepted and rejected %v", sum, want)
	}
	if q := h.queueIDs(); !slices.Equal(q, []string{"wamid.OK", "wamid.EDGE"}) {
		t.Errorf("queue %v", q)
	}
	for _, r := range h.receipts() {
		if len(r.PushName) > 256 || !utf8.ValidString(r.PushName) || !strings.HasPrefix(r.PushName, "éé") {
			t.Errorf("push name of %s kept %d bytes (valid UTF-8: %v), want it cut to 256 on a rune boundary",
				r.MessageID, len(r.PushName), utf8.ValidString(r.PushName))
		}
	}
}

func TestOversizedInternalPayload(t *testing.T) {
	tests := []struct {
		name    string
		payload map[string]any
		code    string
	}{
		{"content", map[string]any{"phone_number": "5511988887777", "content": strings.Repeat("x", webhook.MaxContentBytes+1)}, "content_too_long"},
		{"id", map[string]any{"phone_number": "5511988887777", "content": "oi", "provider_message_id": strings.Repeat("i", 300)}, "invalid_message_id"},
		{"empty content", map[string]any{"phone_number": "5511988887777", "content": "  "}, "empty_content"},
		{"bad received_at", map[string]any{"phone_number": "5511988887777", "content": "oi", "received_at": "ontem"}, "invalid_received_at"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			body, _ := json.Marshal(tt.payload)
			status, answer := h.post("/webhook/internal", body, true)
			wantError(t, status, answer, 422, tt.code)
			if len(h.receipts()) != 0 || len(h.queueIDs()) != 0 {
				t.Error("a refused payload stored something")
			}
		})
	}
}

func TestBodyLimit(t *testing.T) {
	big := append([]byte(`{"object":"x","pad":"`), bytes.Repeat([]byte("a"), webhook.MaxBodyBytes)...)
	big = append(big, `"}`...)

	t.Run("app body limit", func(t *testing.T) {
		// fasthttp refuses on Content-Length before reading the body, which
		// app.Test cannot show: this goes through a listener.
		h := newHarness(t)
		conn, err := serve(t, h.app)()
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		fmt.Fprintf(conn, "POST /webhook HTTP/1.1\r\nHost: intake\r\nContent-Type: application/json\r\n"+
			"%s: %s\r\nContent-Length: %d\r\n\r\n", cloudapi.SignatureHeader, cloudapi.Signature(testSecret, big), len(big))
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		answer, _ := io.ReadAll(res.Body)
		res.Body.Close()
		wantError(t, res.StatusCode, answer, 413, "payload_too_large")
		if len(h.receipts()) != 0 || len(h.queueIDs()) != 0 {
			t.Error("an oversized body stored something")
		}
	})
	for _, path := range []string{"/webhook", "/webhook/internal"} {
		t.Run("handler check on "+path, func(t *testing.T) {
			h := newHarness(t)
			// An app with fiber's default limit (4 MB) lets the body reach
			// the handler, which refuses it itself.
			platform := newPlatform(t, cloudapi.WebhookConfig{
				ParserConfig: messaging.ParserConfig{Instances: []string{"instance_a"}, Now: h.clock.Now}})
			handler := newHandler(t, webhook.Config{}, inbound.Config{Now: h.clock.Now}, platform,
				inbound.Deps{Table: h.table, Queue: h.queue}, zap.NewNop())
			h.app = fiber.New(fiber.Config{DisableStartupMessage: true})
			handler.Register(h.app)
			status, answer := h.post(path, big, false)
			wantError(t, status, answer, 413, "payload_too_large")
			status, _ = h.post(path, big[:webhook.MaxBodyBytes], false)
			if status == 413 {
				t.Error("a body of exactly MaxBodyBytes was refused")
			}
		})
	}
}
