package atendimento

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"time"
)

// CookieName is the operator session cookie.
const CookieName = "intake_operator"

// cookieVersion starts every payload, so a future format can tell old
// cookies apart and refuse them.
const cookieVersion = "v1"

// cookieSigner makes and checks session cookies: the payload
// "v1|<operator phone>|<expiry unix seconds>" in base64url, a dot, and the
// HMAC-SHA256 of the encoded payload under the key. The cookie holds nothing
// secret; the MAC makes it unforgeable.
type cookieSigner struct{ key []byte }

func (s cookieSigner) sign(phone string, expires time.Time) string {
	payload := base64.RawURLEncoding.EncodeToString([]byte(cookieVersion + "|" + phone + "|" + strconv.FormatInt(expires.Unix(), 10)))
	return payload + "." + base64.RawURLEncoding.EncodeToString(s.mac(payload))
}

// open returns the operator of a cookie value whose MAC is right and whose
// expiry is after now; ok is false otherwise.
func (s cookieSigner) open(value string, now time.Time) (phone string, ok bool) {
	payload, sig, found := strings.Cut(value, ".")
	if !found || len(value) > 512 {
		return "", false
	}
	got, err := base64.RawURLEncoding.Strict().DecodeString(sig)
	if err != nil || !hmac.Equal(got, s.mac(payload)) {
		return "", false
	}
	raw, err := base64.RawURLEncoding.Strict().DecodeString(payload)
	if err != nil {
		return "", false
	}
	parts := strings.Split(string(raw), "|")
	if len(parts) != 3 || parts[0] != cookieVersion {
		return "", false
	}
	exp, err := strconv.ParseInt(parts[2], 10, 64)
	if err != nil || !now.Before(time.Unix(exp, 0)) {
		return "", false
	}
	return parts[1], true
}

func (s cookieSigner) mac(payload string) []byte {
	h := hmac.New(sha256.New, s.key)
	h.Write([]byte("intake/atendimento/cookie\x00"))
	h.Write([]byte(payload))
	return h.Sum(nil)
}
