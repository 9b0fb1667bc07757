package persistence

import (
	"strings"

	"github.com/intake-runtime/intake/internal/redact"
)

// KeyError is a backend's failure of one operation on one key. Its text
// names the backend, the operation and the key with its phones masked (a key
// often holds one, "SESSION#+55…", and the error may reach a log), built
// only when read: a missing item or a failed condition is an ordinary answer
// on a turn's path (a new phone has no active pointer), which callers test
// with errors.Is and never print.
type KeyError struct {
	Backend, Op string
	Key         Key
	// Errs are what the error wraps, outermost first; errors.Is and
	// errors.As see each of them.
	Errs []error
}

func (e *KeyError) Error() string {
	var b strings.Builder
	b.WriteString(e.Backend + ": " + e.Op + " " + redact.Phones(e.Key.PK) + "/" + redact.Phones(e.Key.SK))
	for _, err := range e.Errs {
		b.WriteString(": " + err.Error())
	}
	return b.String()
}

func (e *KeyError) Unwrap() []error { return e.Errs }
