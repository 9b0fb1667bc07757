package login

import (
	"errors"
	"time"
)

// Rules are the login's limits. The zero value of each field takes its
// default (SetDefaults).
type Rules struct {
	// CodeTTL is how long a login code is valid. Default 5 minutes.
	CodeTTL time.Duration
	// MaxFailures wrong codes for one number from one address make that
	// address wait before each next try. Default 5.
	MaxFailures int
	// SourceMaxFailures is the same for one address over every number.
	// Default 20.
	SourceMaxFailures int
	// PhoneMaxFailures is the same for one number over every address, so
	// many addresses cannot share the guessing of one code. Default 10:
	// above MaxFailures, since a guesser reaching it makes the number's
	// owner wait too.
	PhoneMaxFailures int
	// ThrottleBase is the first wait past those counts; it doubles with each
	// further wrong code. Default 30 seconds.
	ThrottleBase time.Duration
	// LockFor caps the wait, and is how long wrong codes are remembered.
	// Default 15 minutes.
	LockFor time.Duration
	// ResendAfter is the least time between two codes for one number, so the
	// login form cannot be used to flood a phone. Default 30 seconds.
	ResendAfter time.Duration
}

// SetDefaults fills the zero fields.
func (r *Rules) SetDefaults() {
	if r.CodeTTL == 0 {
		r.CodeTTL = 5 * time.Minute
	}
	if r.MaxFailures == 0 {
		r.MaxFailures = 5
	}
	if r.SourceMaxFailures == 0 {
		r.SourceMaxFailures = 20
	}
	if r.PhoneMaxFailures == 0 {
		r.PhoneMaxFailures = 10
	}
	if r.ThrottleBase == 0 {
		r.ThrottleBase = 30 * time.Second
	}
	if r.LockFor == 0 {
		r.LockFor = 15 * time.Minute
	}
	if r.ResendAfter == 0 {
		r.ResendAfter = 30 * time.Second
	}
}

// Validate reports negative limits.
func (r Rules) Validate() error {
	if r.CodeTTL < 0 || r.LockFor < 0 || r.ResendAfter < 0 || r.ThrottleBase < 0 || r.MaxFailures < 0 || r.SourceMaxFailures < 0 || r.PhoneMaxFailures < 0 {
		return errors.New("login: durations and failure counts must not be negative")
	}
	return nil
}
