package domain_test

import (
	"slices"
	"testing"

	"github.com/intake-runtime/intake/domain"
)

// The states come in the state machine's order, and a state is valid exactly when it
// is one of them.
func TestStates(t *testing.T) {
	want := []domain.SessionState{"NEW", "QUALIFYING", "DATA_COLLECT", "CONFIRM_SUBJECT", "COMPLETED", "HANDOFF", "HUMAN", "CLOSED"}
	got := domain.States()
	if !slices.Equal(got, want) {
		t.Fatalf("States() = %v, want %v", got, want)
	}
	for _, s := range got {
		if !s.Valid() {
			t.Errorf("%s is not valid", s)
		}
	}
	for _, s := range []domain.SessionState{"", "new", "FROM_A_NEWER_RELEASE"} {
		if s.Valid() {
			t.Errorf("%q is valid", s)
		}
	}
	got[0] = "CHANGED"
	if domain.States()[0] != domain.StateNew {
		t.Error("changing the returned list changed the states")
	}
}
