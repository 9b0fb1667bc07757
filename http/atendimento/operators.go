package atendimento

import (
	"crypto/subtle"
	"fmt"

	"github.com/intake-runtime/intake/actors/messaging"
)

// operatorSet is the list of numbers allowed into the console, normalized
// to "+digits".
type operatorSet []string

func newOperatorSet(raw []string) (operatorSet, error) {
	set := make(operatorSet, 0, len(raw))
	for _, r := range raw {
		phone, err := messaging.NormalizeSender(r)
		if err != nil {
			return nil, fmt.Errorf("atendimento: operator phone: %w", err)
		}
		set = append(set, phone)
	}
	return set, nil
}

// has reports whether phone is an operator's. It compares with every entry
// in constant time and never stops early, so its duration does not tell
// whether, or where, the number was found.
func (s operatorSet) has(phone string) bool {
	found := 0
	for _, op := range s {
		found |= subtle.ConstantTimeCompare([]byte(op), []byte(phone))
	}
	return found == 1
}
