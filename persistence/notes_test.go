package persistence_test

import (
	"context"
	"testing"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

// Notes are listed per session, oldest first; another session's notes of the
// same phone stay out.
func TestNotes(t *testing.T) {
	ctx := context.Background()
	r := persistence.NewNotes(newTable(t))
	at := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	for i, n := range []persistence.Note{
		{NoteID: "b", SessionID: "s1", Text: "second", At: at.Add(time.Minute)},
		{NoteID: "a", SessionID: "s1", Text: "first", At: at},
		{NoteID: "c", SessionID: "s2", Text: "other session", At: at},
	} {
		n.PhoneNumber, n.Operator = "+5511988887777", "+5511400000001"
		if err := r.Add(ctx, n); err != nil {
			t.Fatalf("note %d: %v", i, err)
		}
	}
	got, err := r.List(ctx, "+5511988887777", "s1")
	if err != nil || len(got) != 2 || got[0].Text != "first" || got[1].Text != "second" || got[0].Operator != "+5511400000001" {
		t.Fatalf("List = %+v, %v", got, err)
	}
}
