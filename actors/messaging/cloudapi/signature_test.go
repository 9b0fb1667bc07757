package cloudapi_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
)

const (
	testSecret      = "app-secret-for-tests"
	testVerifyToken = "verify-token-for-tests"
)

func newWebhook(t *testing.T, secret, verifyToken string) *cloudapi.Webhook {
	t.Helper()
	w, err := cloudapi.NewWebhook(cloudapi.WebhookConfig{
		ParserConfig: messaging.ParserConfig{Instances: []string{"instance_a"}},
		AppSecret:    secret,
		VerifyToken:  verifyToken,
	})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// headers reads one X-Hub-Signature-256 value ("" for none).
func headers(signature string) func(string) string {
	return func(name string) string {
		if name == cloudapi.SignatureHeader {
			return signature
		}
		return ""
	}
}

func TestAuthenticate(t *testing.T) {
	body := []byte(`{"object":"whatsapp_business_account","entry":[{"changes":[{"value":{"messages":[{"text":{"body":"orçamento"}}]}}]}]}`)
	valid := cloudapi.Signature(testSecret, body)
	altered := bytes.Replace(body, []byte("orçamento"), []byte("orçamentO"), 1)
	tests := []struct {
		name      string
		body      []byte
		signature string
		want      error
	}{
		{"valid", body, valid, nil},
		{"valid, upper-case hex", body, "sha256=" + strings.ToUpper(strings.TrimPrefix(valid, "sha256=")), nil},
		{"missing", body, "", messaging.ErrNoSignature},
		{"wrong secret", body, cloudapi.Signature("another-secret", body), messaging.ErrBadSignature},
		{"body altered after signing", altered, valid, messaging.ErrBadSignature},
		{"sha1 prefix", body, "sha1=" + strings.TrimPrefix(valid, "sha256="), messaging.ErrBadSignature},
		{"not hex", body, "sha256=zz", messaging.ErrBadSignature},
		{"truncated", body, valid[:len(valid)-2], messaging.ErrBadSignature},
	}
	w := newWebhook(t, testSecret, "")
	for _, tt := range tests {
		if err := w.Authenticate(headers(tt.signature), tt.body); !errors.Is(err, tt.want) {
			t.Errorf("%s: Authenticate = %v, want %v", tt.name, err, tt.want)
		}
	}
}

// Without an app secret (local development) every body passes, and a
// signature header is not checked.
func TestAuthenticateWithoutSecret(t *testing.T) {
	w := newWebhook(t, "", "")
	for _, signature := range []string{"", "sha256=00"} {
		if err := w.Authenticate(headers(signature), []byte(`{}`)); err != nil {
			t.Errorf("signature %q: %v", signature, err)
		}
	}
}

func TestSignatureFormat(t *testing.T) {
	// HMAC-SHA256("key", "The quick brown fox jumps over the lazy dog"), RFC 4231 style check value.
	got := cloudapi.Signature("key", []byte("The quick brown fox jumps over the lazy dog"))
	want := "sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8"
	if got != want {
		t.Errorf("Signature = %s, want %s", got, want)
	}
}
