package persistence_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// A session keeps the moments the reports count, and the model usage per
// model, in its own item.
func TestSessionMilestonesRoundTrip(t *testing.T) {
	s := domain.NewSession("sess-milestones", "+5511977776666", "instance_a", t0)
	s.State = domain.StateHuman
	s.HandoffAt = at(t0.Add(20 * time.Minute))
	s.Milestones = domain.Milestones{
		QualifiedAt:          at(t0.Add(5 * time.Minute)),
		DataCompleteAt:       at(t0.Add(18 * time.Minute)),
		FirstOperatorReplyAt: at(t0.Add(31 * time.Minute)),
		LastCustomerAt:       at(t0.Add(30 * time.Minute)),
		Usage: []domain.ModelUsage{
			{Model: "gpt-4o-mini", Calls: 6, TokensInput: 12_345, TokensOutput: 678},
			{Model: "gpt-4o-mini-transcribe", Calls: 1, TokensInput: 90, TokensOutput: 12},
		},
	}
	s.Version = 7
	roundTrip(t, "session_milestones.golden.json", s, persistence.EncodeSession, persistence.DecodeSession)
}

// Sessions stored before the reports read with no milestones, and a session
// without any writes no attribute for them.
func TestSessionsWithoutMilestones(t *testing.T) {
	for _, name := range []string{"legacy_session.json", "session.golden.json"} {
		s, err := persistence.DecodeSession(readItem(t, name))
		if err != nil {
			t.Fatal(err)
		}
		if s.Milestones.QualifiedAt != nil || s.Milestones.Usage != nil {
			t.Errorf("%s reads with milestones: %+v", name, s.Milestones)
		}
	}
	item, err := persistence.EncodeSession(domain.NewSession("sess-new", "+5511977776666", "instance_a", t0))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := item["milestones"]; ok {
		t.Errorf("a new session stores milestones: %v", item["milestones"])
	}
}
