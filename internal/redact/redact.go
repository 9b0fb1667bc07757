package redact

import (
	"regexp"
	"strings"
)

// Mark replaces every redacted value.
const Mark = "[redacted]"

// minSecret is the shortest configured secret removed literally: a shorter
// one ("x", "1") would shred ordinary text and protects nothing.
const minSecret = 4

// shapes are the credential shapes removed whatever their source. Each keeps
// its first group (the label) and replaces the rest with Mark.
var shapes = []*regexp.Regexp{
	// Authorization: Bearer <token>, bearer <token>
	regexp.MustCompile(`(?i)(bearer\s+)[A-Za-z0-9._~+/=-]{6,}`),
	// OpenAI and compatible keys: sk-..., sk-proj-...
	regexp.MustCompile(`()\bsk-[A-Za-z0-9_-]{6,}`),
	// Meta access tokens.
	regexp.MustCompile(`()\bEAA[A-Za-z0-9]{20,}`),
	// api_key=..., "access_token": "...", secret: ..., password=...
	regexp.MustCompile(`(?i)((?:api[_-]?key|access[_-]?token|auth[_-]?token|client[_-]?secret|secret|password|token)["']?\s*[:=]\s*["']?)[^\s"',;&}]{4,}`),
}

// Redactor removes credentials from text. The zero value applies the shape
// rules only. It is safe for concurrent use.
type Redactor struct {
	secrets []string
}

// New returns a Redactor that also removes each of secrets literally (blank
// and very short ones are ignored).
func New(secrets ...string) Redactor {
	var r Redactor
	for _, s := range secrets {
		if len(strings.TrimSpace(s)) >= minSecret {
			r.secrets = append(r.secrets, s)
		}
	}
	return r
}

// String returns s with every configured secret and credential shape
// replaced by Mark.
func (r Redactor) String(s string) string {
	for _, secret := range r.secrets {
		s = strings.ReplaceAll(s, secret, Mark)
	}
	for _, re := range shapes {
		s = re.ReplaceAllString(s, "${1}"+Mark)
	}
	return s
}

// Error returns err with a redacted text, or nil for nil. errors.Is and
// errors.As still see the original chain (a caller classifies a failure by
// it), but its text is only ever read through the redacted Error.
func (r Redactor) Error(err error) error {
	if err == nil {
		return nil
	}
	return &redactedError{text: r.String(err.Error()), err: err}
}

type redactedError struct {
	text string
	err  error
}

func (e *redactedError) Error() string { return e.text }
func (e *redactedError) Unwrap() error { return e.err }
