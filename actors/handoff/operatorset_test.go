package handoff_test

import (
	"testing"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
)

// An operator is one person whichever form of their Brazilian mobile the
// list or the platform uses: with or without the ninth digit.
func TestOperatorsRecogniseBothFormsOfAMobile(t *testing.T) {
	for _, listed := range []string{"+5511988887777", "551188887777", "+55 (11) 98888-7777"} {
		ops, err := handoff.NewOperators([]string{listed})
		if err != nil {
			t.Fatal(err)
		}
		for _, sender := range []string{"551188887777", "5511988887777"} {
			phone, _ := messaging.NormalizeSender(sender)
			if !ops.Has(phone) {
				t.Errorf("operators %q do not recognise a message from %s", listed, sender)
			}
		}
		if other, _ := messaging.NormalizeSender("551133334444"); ops.Has(other) {
			t.Errorf("operators %q recognise a landline of the same area", listed)
		}
	}
}
