package persistence_test

import (
	"reflect"
	"testing"

	"github.com/intake-runtime/intake/persistence"
)

// A session item written when sessions stored their empty maps, zero
// counts and false flags reads exactly as the item the same session is
// written as now, without them.
func TestSessionsWithStoredDefaultsReadAsBefore(t *testing.T) {
	for _, name := range []string{"session_assigned", "session_csat", "session_handoff", "session_labels", "session_milestones", "session_new", "session_reply_to"} {
		t.Run(name, func(t *testing.T) {
			before, now := readItem(t, "legacy_defaults_"+name+".json"), readItem(t, name+".golden.json")
			old, err := persistence.DecodeSession(before)
			if err != nil {
				t.Fatal(err)
			}
			cur, err := persistence.DecodeSession(now)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(old, cur) {
				t.Errorf("the items read differently\nbefore: %#v\n   now: %#v", old, cur)
			}
		})
	}
}
