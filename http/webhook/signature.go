package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"strings"

	"github.com/gofiber/fiber/v2"
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

// body returns the raw body of a POST after the checks every POST route
// makes before reading it: the size limit, then the signature. The bytes
// belong to fiber and are valid only until the handler returns; whatever
// outlives it is decoded (so copied) from them.
//
// It reads the body as sent (c.Request().Body(), not c.Body(), which would
// decompress it): the signature covers the bytes on the wire, and a
// compressed body is refused as invalid JSON rather than inflated.
func (h *Handler) body(c *fiber.Ctx) ([]byte, *problem) {
	raw := c.Request().Body()
	if len(raw) > MaxBodyBytes {
		return nil, errTooLarge
	}
	if h.secret == nil {
		return raw, nil
	}
	if p := h.checkSignature(c.Get(SignatureHeader), raw); p != nil {
		return nil, p
	}
	return raw, nil
}

// checkSignature compares the header with the HMAC of raw in constant time.
func (h *Handler) checkSignature(header string, raw []byte) *problem {
	if header == "" {
		return errNoSignature
	}
	hexSig, ok := strings.CutPrefix(header, signaturePrefix)
	if !ok {
		return errBadSignature
	}
	got, err := hex.DecodeString(hexSig)
	if err != nil || len(got) != sha256.Size {
		return errBadSignature
	}
	mac := h.macs.Get().(hash.Hash)
	defer h.macs.Put(mac)
	mac.Reset()
	mac.Write(raw)
	var sum [sha256.Size]byte
	if !hmac.Equal(got, mac.Sum(sum[:0])) {
		return errBadSignature
	}
	return nil
}
