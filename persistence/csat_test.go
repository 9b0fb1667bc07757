package persistence_test

import (
	"context"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// A conversation an operator closed keeps who closed it and the
// satisfaction answer: asked, scored, commented, each with its time.
func TestClosedSessionWithSatisfactionRoundTrip(t *testing.T) {
	s := domain.NewSession("sess-csat", "+5511988887777", "instance_a", t0)
	s.State, s.AssignedTo, s.ClosedBy = domain.StateClosed, "+5511900000999", "+5511900000999"
	s.ClosedAt = at(t0.Add(time.Hour))
	s.CSATAskedAt = at(t0.Add(time.Hour))
	s.CSATScore, s.CSATAnsweredAt = 5, at(t0.Add(time.Hour+2*time.Minute))
	s.CSATCommentAt = at(t0.Add(time.Hour + 3*time.Minute))
	s.Version = 4
	roundTrip(t, "session_csat.golden.json", s, persistence.EncodeSession, persistence.DecodeSession)
}

// Sessions stored before the satisfaction question read without one: no
// closer, nothing asked, no score.
func TestOlderSessionsReadWithoutSatisfaction(t *testing.T) {
	for _, name := range []string{"legacy_session.json", "session.golden.json"} {
		s, err := persistence.DecodeSession(readItem(t, name))
		if err != nil {
			t.Fatal(err)
		}
		if s.ClosedBy != "" || s.CSATAskedAt != nil || s.CSATScore != 0 || s.CSATAnsweredAt != nil || s.CSATCommentAt != nil {
			t.Errorf("%s reads with a satisfaction answer: %+v", name, s)
		}
	}
}

// A customer's note, written in a turn's transaction, reads back with the
// operators' notes, marked as the customer's.
func TestNoteTxReadsBackAsACustomerNote(t *testing.T) {
	table := memory.New()
	ctx := context.Background()
	n := persistence.Note{NoteID: "n1", PhoneNumber: "+5511988887777", SessionID: "sess-csat", Customer: true, Text: "Gostei!", At: t0}
	w, err := persistence.NoteTx(n)
	if err != nil {
		t.Fatal(err)
	}
	if err := table.Transact(ctx, []persistence.TxWrite{w}); err != nil {
		t.Fatal(err)
	}
	notes, err := persistence.NewNotes(table).List(ctx, n.PhoneNumber, n.SessionID)
	if err != nil {
		t.Fatal(err)
	}
	if len(notes) != 1 || notes[0] != n {
		t.Errorf("notes = %+v, want %+v", notes, n)
	}
}
