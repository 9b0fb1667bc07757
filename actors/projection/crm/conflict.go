package crm

import (
	"regexp"

	"github.com/intake-runtime/intake/internal/httpcall"
)

// existingIDPattern finds the ID in the CRM's 409 message, e.g.
// {"message":"Contact already exists. Existing ID: 123","category":"CONFLICT"}.
var existingIDPattern = regexp.MustCompile(`Existing ID: ?(\d+)`)

// ExistingID extracts the existing record's ID from the body of a 409
// answer, and reports whether it found one.
func ExistingID(body []byte) (string, bool) {
	m := existingIDPattern.FindStringSubmatch(httpcall.ProviderMessage(body))
	if m == nil {
		return "", false
	}
	return m[1], true
}
