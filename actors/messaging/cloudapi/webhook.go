package cloudapi

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"sync"

	"github.com/intake-runtime/intake/actors/messaging"
)

// WebhookConfig configures a Webhook. runtime fills it from
// MESSAGING_APP_SECRET, MESSAGING_VERIFY_TOKEN and MESSAGING_INSTANCES.
//
// AppSecret and VerifyToken are secrets: nothing here logs them, and callers
// must not log a WebhookConfig.
type WebhookConfig struct {
	// ParserConfig holds the instances and the clock of parsed messages.
	messaging.ParserConfig
	// AppSecret is the platform app secret that signs POST bodies
	// (X-Hub-Signature-256). Empty accepts unsigned bodies: local
	// development only.
	AppSecret string
	// VerifyToken is the token the platform echoes in the verification
	// handshake. Empty refuses every handshake.
	VerifyToken string
	// PhoneNumberID is our business number's ID (MESSAGING_PHONE_NUMBER_ID):
	// messages and statuses of a change addressed to another number are
	// ignored (Batch.Rejected, messaging.ErrOtherNumber). Empty accepts
	// every number.
	PhoneNumberID string
}

// Webhook is the Cloud API's side of the webhook routes: it authenticates
// deliveries ([Webhook.Authenticate]), answers the subscription handshake
// ([Webhook.Handshake]) and parses bodies (the Parser it embeds). It is safe
// for concurrent use.
type Webhook struct {
	*Parser
	// secret is the HMAC key; nil accepts unsigned bodies.
	secret []byte
	// macs pools HMAC states keyed with secret: keying one costs two
	// SHA-256 blocks and allocations on every request otherwise.
	macs sync.Pool
	// verifyDigest is the SHA-256 of the verify token, nil when none is
	// configured. Comparing digests keeps the comparison constant-time
	// whatever the length of the token offered.
	verifyDigest []byte
}

// NewWebhook checks cfg and returns a Webhook.
func NewWebhook(cfg WebhookConfig) (*Webhook, error) {
	p, err := NewParser(cfg.ParserConfig)
	if err != nil {
		return nil, err
	}
	p.phoneNumberID = cfg.PhoneNumberID
	w := &Webhook{Parser: p}
	if cfg.AppSecret != "" {
		w.secret = []byte(cfg.AppSecret)
		w.macs.New = func() any { return hmac.New(sha256.New, w.secret) }
	}
	if cfg.VerifyToken != "" {
		d := sha256.Sum256([]byte(cfg.VerifyToken))
		w.verifyDigest = d[:]
	}
	return w, nil
}

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
