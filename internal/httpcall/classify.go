package httpcall

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/intake-runtime/intake/domain"
)

// kindOf classifies a status that is not 2xx (see the package doc).
func kindOf(status int) domain.ErrorKind {
	switch {
	case status == http.StatusTooManyRequests, status == http.StatusRequestTimeout, status >= 500,
		status == http.StatusUnauthorized, status == http.StatusForbidden:
		return domain.ErrorKindTransient
	}
	return domain.ErrorKindPermanent
}

// maxMessage bounds the provider message kept in a detail.
const maxMessage = 300

// ProviderMessage extracts the human message of an error body: the CRM's
// {"message": ...} or the ERP's {"error": {"message"|"description": ...}}.
// It returns "" for anything else.
func ProviderMessage(body []byte) string {
	var e struct {
		Message string `json:"message"`
		Error   *struct {
			Message     string `json:"message"`
			Description string `json:"description"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &e) != nil {
		return ""
	}
	msg := e.Message
	if msg == "" && e.Error != nil {
		msg = strings.TrimSpace(e.Error.Message + " " + e.Error.Description)
	}
	msg = strings.Join(strings.Fields(msg), " ")
	if r := []rune(msg); len(r) > maxMessage {
		msg = string(r[:maxMessage]) + "..."
	}
	return msg
}

// statusDetail describes an answer: the call, its status and the provider's
// message.
func statusDetail(call string, status int, body []byte) string {
	d := fmt.Sprintf("%s: HTTP %d", call, status)
	if msg := ProviderMessage(body); msg != "" {
		d += ": " + msg
	}
	return d
}
