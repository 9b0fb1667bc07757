package conversation

import (
	"testing"

	"github.com/intake-runtime/intake/domain"
)

// Every state of the one state list (domain.States) is either silent
// (the bot does not answer in it) or has its row in the transition table: a
// state added to persistence without a rules row would otherwise refuse
// every answer as illegal, and the conversation would fall to a person on
// its first turn. And every row is a state of the list.
func TestEveryStateHasItsRulesRow(t *testing.T) {
	for _, state := range domain.States() {
		row, ok := rules[state]
		switch {
		case Silent(state) && ok:
			t.Errorf("state %s is silent, yet has a rules row: the row is dead", state)
		case !Silent(state) && len(row) == 0:
			t.Errorf("state %s is not silent and has no rules row in transitions.go: every answer in it would be refused", state)
		}
	}
	for state := range rules {
		if !state.Valid() {
			t.Errorf("rules row for %q, which is no state of domain.States()", state)
		}
	}
}
