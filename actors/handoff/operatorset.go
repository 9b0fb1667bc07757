package handoff

import (
	"crypto/subtle"
	"fmt"

	"github.com/intake-runtime/intake/actors/messaging"
)

// Operators is the set of operator numbers (OPERATOR_PHONES), normalized to
// the identity form of messaging.NormalizeSender ("+digits", a Brazilian
// mobile with its ninth digit), the form senders are compared in: an
// operator the platform gives as 551188887777 is +5511988887777's.
type Operators []string

// NewOperators normalizes raw; it fails on a number without digits.
func NewOperators(raw []string) (Operators, error) {
	set := make(Operators, 0, len(raw))
	for _, r := range raw {
		phone, err := messaging.NormalizeSender(r)
		if err != nil {
			return nil, fmt.Errorf("handoff: operator phone: %w", err)
		}
		set = append(set, phone)
	}
	return set, nil
}

// Has reports whether phone is an operator's. It compares with every entry
// in constant time and never stops early, so its duration does not tell
// whether, or where, the number was found (the operator console's login
// relies on it).
func (s Operators) Has(phone string) bool {
	found := 0
	for _, op := range s {
		found |= subtle.ConstantTimeCompare([]byte(op), []byte(phone))
	}
	return found == 1
}
