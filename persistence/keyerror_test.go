package persistence_test

import (
	"errors"
	"testing"

	"github.com/intake-runtime/intake/persistence"
)

func TestKeyError(t *testing.T) {
	key := persistence.Key{PK: "SESSION#+5511988887777", SK: "META"}
	cause := errors.New("ConditionalCheckFailed")
	cases := []struct {
		name string
		err  *persistence.KeyError
		text string
		is   []error
	}{
		{"missing item", &persistence.KeyError{Backend: "memory", Op: "get", Key: key, Errs: []error{persistence.ErrNotFound}},
			"memory: get SESSION#…7777/META: persistence: not found", []error{persistence.ErrNotFound}},
		{"failed condition with the backend's cause", &persistence.KeyError{Backend: "dynamo", Op: "put", Key: key, Errs: []error{persistence.ErrConflict, cause}},
			"dynamo: put SESSION#…7777/META: persistence: condition failed: ConditionalCheckFailed", []error{persistence.ErrConflict, cause}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.err.Error(); got != tc.text {
				t.Errorf("text %q, want %q", got, tc.text)
			}
			for _, target := range tc.is {
				if !errors.Is(tc.err, target) {
					t.Errorf("errors.Is(%v) is false", target)
				}
			}
		})
	}
}
