package webhook_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/http/webhook"
)

func TestSignature(t *testing.T) {
	body := readFile(t, "one_message.json")
	valid := webhook.Signature(testSecret, body)
	altered := bytes.Replace(body, []byte("orçamento"), []byte("orçamentO"), 1)
	tests := []struct {
		name      string
		path      string
		body      []byte
		signature string
		status    int
		code      string
	}{
		{"valid", "/webhook", body, valid, 200, ""},
		{"valid, upper-case hex", "/webhook", body, "sha256=" + strings.ToUpper(strings.TrimPrefix(valid, "sha256=")), 200, ""},
		{"missing", "/webhook", body, "", 401, "missing_signature"},
		{"wrong secret", "/webhook", body, webhook.Signature("another-secret", body), 401, "invalid_signature"},
		{"body altered after signing", "/webhook", altered, valid, 401, "invalid_signature"},
		{"sha1 prefix", "/webhook", body, "sha1=" + strings.TrimPrefix(valid, "sha256="), 401, "invalid_signature"},
		{"not hex", "/webhook", body, "sha256=zz", 401, "invalid_signature"},
		{"truncated", "/webhook", body, valid[:len(valid)-2], 401, "invalid_signature"},
		{"internal, missing", "/webhook/internal", readFile(t, "internal_with_id.json"), "", 401, "missing_signature"},
		{"internal, wrong", "/webhook/internal", readFile(t, "internal_with_id.json"), valid, 401, "invalid_signature"},
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

// Without an app secret (local development) unsigned bodies are accepted,
// and a signature header is not checked.
func TestNoSecretAcceptsUnsigned(t *testing.T) {
	h := newHarness(t, withoutSecret)
	if status, body := h.post("/webhook", readFile(t, "one_message.json"), false); status != 200 {
		t.Fatalf("unsigned: %d %s", status, body)
	}
	if status, body := h.postWith("/webhook/internal", readFile(t, "internal_with_id.json"), "sha256=00"); status != 200 {
		t.Fatalf("internal with a meaningless signature: %d %s", status, body)
	}
}

func TestSignatureFormat(t *testing.T) {
	// HMAC-SHA256("key", "The quick brown fox jumps over the lazy dog"), RFC 4231 style check value.
	got := webhook.Signature("key", []byte("The quick brown fox jumps over the lazy dog"))
	want := "sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8"
	if got != want {
		t.Errorf("Signature = %s, want %s", got, want)
	}
}
