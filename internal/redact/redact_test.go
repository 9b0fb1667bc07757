package redact_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/internal/redact"
)

func TestString(t *testing.T) {
	r := redact.New("s3cr3t-token-value", "", "ab")
	cases := []struct {
		name, in, gone, kept string
	}{
		{"configured secret", "provider said: bad token s3cr3t-token-value here", "s3cr3t-token-value", "provider said"},
		{"openai key", "Incorrect API key provided: sk-proj-AbCdEf123456. You can find", "sk-proj-AbCdEf123456", "You can find"},
		{"bearer", "echo: Authorization: Bearer abc.DEF-123_xyz", "abc.DEF-123_xyz", "Authorization: Bearer"},
		{"meta token", "token EAABsbCS1iHgBAKZBZCZA1234567890abc rejected", "EAABsbCS1iHgBAKZBZCZA1234567890abc", "rejected"},
		{"json pair", `{"error":{"access_token": "zzzzqqqq9999"}}`, "zzzzqqqq9999", `"error"`},
		{"query pair", "GET /x?api_key=qwerty12345&x=1", "qwerty12345", "&x=1"},
		{"short secret ignored", "ab stays ab", "", "ab stays ab"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := r.String(tc.in)
			if tc.gone != "" && strings.Contains(got, tc.gone) {
				t.Errorf("String(%q) = %q, still holds %q", tc.in, got, tc.gone)
			}
			if !strings.Contains(got, tc.kept) {
				t.Errorf("String(%q) = %q, lost %q", tc.in, got, tc.kept)
			}
		})
	}
}

func TestStringKeepsOrdinaryText(t *testing.T) {
	in := "crm: POST /crm/v3/objects/contacts: HTTP 409: Contact already exists. Existing ID: 12345 (wamid.HBgLNTUxMTk5OTk5OTk5FQIAERgSQTQ5)"
	if got := (redact.Redactor{}).String(in); got != in {
		t.Errorf("String changed ordinary text:\n got %q\nwant %q", got, in)
	}
}

func TestErrorKeepsChain(t *testing.T) {
	err := redact.New("k3y-k3y-k3y").Error(fmt.Errorf("call with k3y-k3y-k3y: %w", context.DeadlineExceeded))
	if strings.Contains(err.Error(), "k3y-k3y-k3y") {
		t.Errorf("Error() = %q holds the secret", err)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Error("errors.Is lost the wrapped cause")
	}
	if redact.New().Error(nil) != nil {
		t.Error("Error(nil) != nil")
	}
}

func Example() {
	r := redact.New("my-llm-key-123")
	fmt.Println(r.String("Incorrect API key provided: my-llm-key-123"))
	fmt.Println(r.String("Authorization: Bearer EAAGm0PX4ZCpsBAbc123"))
	// Output:
	// Incorrect API key provided: [redacted]
	// Authorization: Bearer [redacted]
}
