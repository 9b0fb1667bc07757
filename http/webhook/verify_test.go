package webhook_test

import (
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/gofiber/fiber/v2"
)

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
		{"token prefix", nil,
			url.Values{"hub.mode": {"subscribe"}, "hub.verify_token": {testVerifyToken[:5]}, "hub.challenge": {"1"}}, 403, "verification_failed"},
		{"missing token", nil,
			url.Values{"hub.mode": {"subscribe"}, "hub.challenge": {"1"}}, 403, "verification_failed"},
		{"other mode", nil,
			url.Values{"hub.mode": {"unsubscribe"}, "hub.verify_token": {testVerifyToken}, "hub.challenge": {"1"}}, 403, "verification_failed"},
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
