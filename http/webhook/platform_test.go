package webhook_test

import (
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
)

// Each refusal of the platform's authentication has its own answer, and a
// refused delivery stores nothing. What counts as signed is the platform's
// (cloudapi's signature tests).
func TestAuthenticationAnswers(t *testing.T) {
	body := readFile(t, "one_message.json")
	internal := readFile(t, "internal_with_id.json")
	tests := []struct {
		name      string
		path      string
		body      []byte
		signature string
		status    int
		code      string
	}{
		{"valid", "/webhook", body, cloudapi.Signature(testSecret, body), 200, ""},
		{"missing", "/webhook", body, "", 401, "missing_signature"},
		{"wrong", "/webhook", body, cloudapi.Signature("another-secret", body), 401, "invalid_signature"},
		{"internal, valid", "/webhook/internal", internal, cloudapi.Signature(testSecret, internal), 200, ""},
		{"internal, missing", "/webhook/internal", internal, "", 401, "missing_signature"},
		{"internal, wrong", "/webhook/internal", internal, cloudapi.Signature(testSecret, body), 401, "invalid_signature"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			status, answer := h.postWith(tt.path, tt.body, tt.signature)
			if tt.status == 200 {
				if status != 200 || len(h.queueIDs()) != 1 {
					t.Fatalf("answer %d %s, queue %v: want 200 and one queue message", status, answer, h.queueIDs())
				}
				return
			}
			wantError(t, status, answer, tt.status, tt.code)
			if r, m, q := h.receipts(), h.pending(), h.queueIDs(); len(r) != 0 || len(m) != 0 || len(q) != 0 {
				t.Errorf("refused delivery left receipts %v, markers %v, queue %v", r, m, q)
			}
		})
	}
}

// Without an app secret (local development) unsigned bodies are accepted.
func TestNoSecretAcceptsUnsigned(t *testing.T) {
	h := newHarness(t, withoutSecret)
	if status, body := h.post("/webhook", readFile(t, "one_message.json"), false); status != 200 {
		t.Fatalf("unsigned: %d %s", status, body)
	}
	if status, body := h.postWith("/webhook/internal", readFile(t, "internal_with_id.json"), "sha256=00"); status != 200 {
		t.Fatalf("internal with a meaningless signature: %d %s", status, body)
	}
}

// Each answer of the handshake has its own status and code; which query
// passes is the platform's (cloudapi's handshake tests).
func TestVerificationHandshake(t *testing.T) {
	tests := []struct {
		name   string
		opts   []option
		query  url.Values
		status int
		code   string
	}{
		{"subscribe with the token", nil,
			url.Values{"hub.mode": {"subscribe"}, "hub.verify_token": {testVerifyToken}, "hub.challenge": {"1158201444"}}, 200, ""},
		{"wrong token", nil,
			url.Values{"hub.mode": {"subscribe"}, "hub.verify_token": {"guess"}, "hub.challenge": {"1"}}, 403, "verification_failed"},
		{"no challenge", nil,
			url.Values{"hub.mode": {"subscribe"}, "hub.verify_token": {testVerifyToken}}, 400, "missing_challenge"},
		{"no token configured", []option{withoutVerifyToken},
			url.Values{"hub.mode": {"subscribe"}, "hub.verify_token": {""}, "hub.challenge": {"1"}}, 403, "verification_disabled"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, tt.opts...)
			status, body := h.do(httptest.NewRequest(fiber.MethodGet, "/webhook?"+tt.query.Encode(), nil))
			if tt.status != 200 {
				wantError(t, status, body, tt.status, tt.code)
				return
			}
			if status != 200 || string(body) != tt.query.Get("hub.challenge") {
				t.Fatalf("answer %d %q, want 200 echoing the challenge", status, body)
			}
		})
	}
}

func TestVerificationAnswersPlainText(t *testing.T) {
	h := newHarness(t)
	q := url.Values{"hub.mode": {"subscribe"}, "hub.verify_token": {testVerifyToken}, "hub.challenge": {"<b>x</b>"}}
	res, err := h.app.Test(httptest.NewRequest(fiber.MethodGet, "/webhook?"+q.Encode(), nil), -1)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if ct := res.Header.Get(fiber.HeaderContentType); ct != fiber.MIMETextPlainCharsetUTF8 {
		t.Errorf("Content-Type %q, want text/plain", ct)
	}
	if res.Header.Get(fiber.HeaderXContentTypeOptions) != "nosniff" {
		t.Error("want X-Content-Type-Options: nosniff on the reflected challenge")
	}
}
