package cloudapi

import (
	"crypto/sha256"
	"crypto/subtle"

	"github.com/intake-runtime/intake/actors/messaging"
)

// Handshake answers the platform's subscription handshake, whose parameters
// it reads with query: with hub.mode "subscribe" and the configured
// hub.verify_token it returns hub.challenge, which the caller echoes to prove
// that this server is the one the app owner configured. It fails with
// messaging.ErrHandshakeDisabled (no verify token configured),
// ErrHandshakeRefused or ErrNoChallenge.
func (w *Webhook) Handshake(query func(name string) string) (string, error) {
	if w.verifyDigest == nil {
		return "", messaging.ErrHandshakeDisabled
	}
	if query("hub.mode") != "subscribe" || !w.tokenMatches(query("hub.verify_token")) {
		return "", messaging.ErrHandshakeRefused
	}
	challenge := query("hub.challenge")
	if challenge == "" {
		return "", messaging.ErrNoChallenge
	}
	return challenge, nil
}

// tokenMatches compares digests so the time taken says nothing about the
// token, not even its length.
func (w *Webhook) tokenMatches(token string) bool {
	d := sha256.Sum256([]byte(token))
	return subtle.ConstantTimeCompare(d[:], w.verifyDigest) == 1
}
