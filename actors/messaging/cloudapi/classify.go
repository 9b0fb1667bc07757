package cloudapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/intake-runtime/intake/domain"
)

// Platform error codes that name a temporary condition: retrying later can
// succeed whatever HTTP status carried them.
const (
	CodeAppRateLimit     = 4      // application request limit reached
	CodeWABARateLimit    = 80007  // business account rate limit
	CodeRateLimit        = 130429 // throughput of the sender number reached
	CodeServiceDown      = 131016 // service unavailable
	CodePairRateLimit    = 131056 // too many messages to one recipient
	CodeTemporarilyDown  = 133004 // server temporarily unavailable
	CodeOutsideWindow    = 131047 // more than 24 hours since the customer wrote
	CodeUndeliverable    = 131026 // recipient cannot receive the message
	CodeInvalidParameter = 100
)

// transientCodes are the codes above that mean "try again later".
var transientCodes = map[int]bool{
	CodeAppRateLimit:    true,
	CodeWABARateLimit:   true,
	CodeRateLimit:       true,
	CodeServiceDown:     true,
	CodePairRateLimit:   true,
	CodeTemporarilyDown: true,
}

// classifyResponse turns an HTTP answer into an outcome. A 2xx is success and
// yields messages[0].id when present. Otherwise a transient platform code wins;
// then 408, 429 and 5xx are transient and every other status is permanent
// (the same request would fail again: 131047, 131026, 100, 190, ...).
func classifyResponse(status int, body []byte) outcome {
	if status >= 200 && status < 300 {
		var ok sendResponse
		if json.Unmarshal(body, &ok) == nil && len(ok.Messages) > 0 && ok.Messages[0].ID != "" {
			return succeeded(ok.Messages[0].ID, fmt.Sprintf("accepted (HTTP %d)", status))
		}
		return succeeded("", fmt.Sprintf("accepted (HTTP %d) without a message id", status))
	}
	var e errorResponse
	_ = json.Unmarshal(body, &e) // a body that is not the platform's error leaves e.Error nil
	k := domain.ErrorKindPermanent
	code := 0
	if e.Error != nil {
		code = e.Error.Code
	}
	switch {
	case transientCodes[code]:
		k = domain.ErrorKindTransient
	case status == http.StatusTooManyRequests, status == http.StatusRequestTimeout, status >= 500:
		k = domain.ErrorKindTransient
	}
	out := outcome{kind: k, status: status, code: code, detail: errorDetail(status, e.Error)}
	return out
}

// errorDetail describes a failed answer for the message log: status, platform
// code, title and message, never the request.
func errorDetail(status int, e *wireError) string {
	var b strings.Builder
	fmt.Fprintf(&b, "HTTP %d", status)
	if e == nil {
		return b.String()
	}
	fmt.Fprintf(&b, ", platform error %d", e.Code)
	for _, part := range []string{e.Title, e.Message, e.ErrorData.Details} {
		if part != "" && !strings.Contains(b.String(), part) {
			b.WriteString(": ")
			b.WriteString(part)
		}
	}
	return b.String()
}
