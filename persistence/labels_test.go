package persistence_test

import (
	"testing"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// A conversation's labels are stored on its session item, in the order the
// operators added them.
func TestSessionLabelsRoundTrip(t *testing.T) {
	s := domain.NewSession("sess-l", "+5511988887777", "instance_a", t0)
	s.Labels = []string{"urgente", "retorno amanhã"}
	s.Version = 2
	roundTrip(t, "session_labels.golden.json", s, persistence.EncodeSession, persistence.DecodeSession)
}

// Records written before labels existed read with none, and are saved
// again without the attribute until a label is added.
func TestRecordsWithoutLabelsReadWithNone(t *testing.T) {
	s, err := persistence.DecodeSession(readItem(t, "legacy_session.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Labels) != 0 {
		t.Errorf("legacy session labels = %q, want none", s.Labels)
	}
	item, err := persistence.EncodeSession(s)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := item["labels"]; ok {
		t.Error("a session without labels is stored with a labels attribute")
	}
	s.Labels = domain.RemoveLabel([]string{"urgente"}, "urgente")
	if item, err = persistence.EncodeSession(s); err != nil {
		t.Fatal(err)
	}
	if _, ok := item["labels"]; ok {
		t.Error("a session whose last label was removed is stored with a labels attribute")
	}
}
