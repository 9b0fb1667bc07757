package config

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
)

// redacted is what a set Secret prints as, everywhere.
const redacted = "****"

// Secret is a credential read from the environment (API keys, tokens, app
// secrets). Every way of printing it (fmt verbs including %#v, JSON, slog,
// and zap, which uses String) shows "****", or "" when it is unset, so a
// Config can be logged or dumped whole. Reveal returns the value for the one
// place that sends it; compare with "" to test whether it is set.
type Secret string

// Reveal returns the secret's value. Call it only where the value leaves for
// its provider (an Authorization header, an HMAC key), never to log it.
func (s Secret) Reveal() string { return string(s) }

// String returns "****" for a set secret and "" for an unset one.
func (s Secret) String() string {
	if s == "" {
		return ""
	}
	return redacted
}

// Mask shows at most the first 4 characters followed by "****", so an
// operator can tell which key is loaded (the emulator prints it at start).
// Secrets shorter than 12 characters show no prefix at all; an unset secret
// masks to "".
func (s Secret) Mask() string {
	const prefix, minLen = 4, 12
	if len(s) < minLen {
		return s.String()
	}
	return string(s[:prefix]) + redacted
}

// Format makes every fmt verb print String, so %v, %+v, %#v, %s, %q and %x
// on a Secret or on a struct holding one never print the value.
func (s Secret) Format(f fmt.State, verb rune) {
	if verb == 'q' {
		fmt.Fprint(f, strconv.Quote(s.String()))
		return
	}
	fmt.Fprint(f, s.String())
}

// MarshalJSON encodes String, never the value.
func (s Secret) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

// MarshalText keeps encoders that prefer text (map keys, YAML) redacted too.
func (s Secret) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// LogValue keeps slog (and protoactor's logs through it) redacted.
func (s Secret) LogValue() slog.Value { return slog.StringValue(s.String()) }
