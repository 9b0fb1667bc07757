package cloudapi

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"strings"

	"github.com/intake-runtime/intake/actors/messaging"
)

// SignatureHeader carries the platform's signature of a POST body.
const SignatureHeader = "X-Hub-Signature-256"

const signaturePrefix = "sha256="

// Signature returns the X-Hub-Signature-256 value of body under secret:
// "sha256=" and the hex HMAC-SHA256. Producers of the internal route that
// hold the app secret sign with it.
func Signature(secret string, body []byte) string {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	return signaturePrefix + hex.EncodeToString(mac.Sum(nil))
}

// Authenticate checks the X-Hub-Signature-256 header (read with header) of a
// POST against the HMAC of its raw body, in constant time: the signature
// covers the bytes on the wire, so body must be them, not a decompressed
// copy. Without an app secret every body passes. It fails with
// messaging.ErrNoSignature or messaging.ErrBadSignature.
func (w *Webhook) Authenticate(header func(name string) string, body []byte) error {
	if w.secret == nil {
		return nil
	}
	value := header(SignatureHeader)
	if value == "" {
		return messaging.ErrNoSignature
	}
	hexSig, ok := strings.CutPrefix(value, signaturePrefix)
	if !ok {
		return messaging.ErrBadSignature
	}
	got, err := hex.DecodeString(hexSig)
	if err != nil || len(got) != sha256.Size {
		return messaging.ErrBadSignature
	}
	mac := w.macs.Get().(hash.Hash)
	defer w.macs.Put(mac)
	mac.Reset()
	mac.Write(body)
	var sum [sha256.Size]byte
	if !hmac.Equal(got, mac.Sum(sum[:0])) {
		return messaging.ErrBadSignature
	}
	return nil
}
