package cloudapi

import (
	"fmt"

	"github.com/intake-runtime/intake/domain"
)

// outcome is what one call came to, before it becomes an AdapterResult; it also
// keeps the HTTP status and platform code, which the response has no room for
// but Send and the logs need.
type outcome struct {
	success bool
	mockID  string // "" is null
	detail  string
	kind    domain.ErrorKind
	// status and code are the HTTP status and platform error code, 0 when
	// there were none; Send reacts to code 131056.
	status int
	code   int
}

func succeeded(mockID, detail string) outcome {
	return outcome{success: true, mockID: mockID, detail: detail}
}

func failed(k domain.ErrorKind, format string, args ...any) outcome {
	return outcome{kind: k, detail: fmt.Sprintf(format, args...)}
}

// response is the spec's StubResponse: error_kind is null on success, mock_id
// null when there is no ID.
func (o outcome) response() domain.AdapterResult {
	r := domain.AdapterResult{
		Success: o.success,
		MockID:  domain.NullString(o.mockID),
		Detail:  o.detail,
	}
	if !o.success {
		r.ErrorKind = o.kind
	}
	return r
}

// maxDetail bounds a detail: it is stored on the message log and shown on the
// dashboard, and the platform's messages can be long.
const maxDetail = 300

// clipDetail bounds the length of a detail the Client's redactor has
// cleaned: every failure's detail passes through both, so a platform or
// transport message that echoes the token can never carry it into logs or
// the table.
func clipDetail(s string) string {
	if len(s) <= maxDetail {
		return s // no more runes than bytes
	}
	if r := []rune(s); len(r) > maxDetail {
		s = string(r[:maxDetail]) + "…"
	}
	return s
}
