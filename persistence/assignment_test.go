package persistence_test

import (
	"testing"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// An assignment not taken up round-trips with its time and the operators
// passed over; records of older releases read without them (see the legacy
// session tests): no assignment pending, nobody passed over.
func TestSessionAssignmentRoundTrip(t *testing.T) {
	s := domain.NewSession("sess-a", "+5511988887777", "instance_a", t0)
	s.State, s.AssignedTo = domain.StateHuman, "+5511900000902"
	s.AssignedAt = &t0
	s.AssignmentPassed = []string{"+5511900000901"}
	s.Version = 4
	roundTrip(t, "session_assigned.golden.json", s, persistence.EncodeSession, persistence.DecodeSession)
}

func TestOlderSessionsHaveNoAssignmentPending(t *testing.T) {
	s, err := persistence.DecodeSession(readItem(t, "legacy_session.json"))
	if err != nil {
		t.Fatal(err)
	}
	if s.AssignedAt != nil || s.AssignmentPassed != nil {
		t.Errorf("legacy session: assigned at %v, passed %v; want neither", s.AssignedAt, s.AssignmentPassed)
	}
}
