package domain_test

import (
	"testing"

	"github.com/intake-runtime/intake/domain"
)

// The conversation contract's states come in the state machine's order, NEW
// first; a state added later may stand anywhere after NEW without changing
// this test (its rules row, CRM stage and labels are checked where they
// live). A state is valid exactly when it is one of them.
func TestStates(t *testing.T) {
	contract := []domain.SessionState{"NEW", "QUALIFYING", "DATA_COLLECT", "CONFIRM_SUBJECT", "COMPLETED", "HANDOFF", "HUMAN", "CLOSED"}
	got := domain.States()
	if got[0] != domain.StateNew {
		t.Errorf("States() starts with %s, want NEW", got[0])
	}
	if !inOrder(got, contract) {
		t.Errorf("States() = %v, want the contract's %v among them in that order", got, contract)
	}
	seen := map[domain.SessionState]bool{}
	for _, s := range got {
		if seen[s] {
			t.Errorf("%s is listed twice", s)
		}
		seen[s] = true
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

// inOrder reports whether want is a subsequence of got.
func inOrder(got, want []domain.SessionState) bool {
	i := 0
	for _, s := range got {
		if i < len(want) && s == want[i] {
			i++
		}
	}
	return i == len(want)
}
