package atendimento_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

// A closed conversation the customer rated shows the score on its page; one
// without a score shows no rating at all.
func TestConversationShowsTheRating(t *testing.T) {
	e := newEnv(t, nil)
	cookie := e.login(opA)
	rated := e.closedSession("+5511944440000", "rated-1", t0.Add(-time.Hour), "529.982.247-25", "Ana")
	answered := t0.Add(-50 * time.Minute)
	rated.CSATScore, rated.CSATAnsweredAt = 5, &answered
	if _, err := e.sessions.Save(context.Background(), rated); err != nil {
		t.Fatal(err)
	}
	e.closedSession("+5511955550000", "unrated-1", t0.Add(-time.Hour), "529.982.247-25", "Bia")
	for _, tc := range []struct {
		url   string
		rated bool
	}{
		{"/atendimento/conversations/5511944440000/rated-1", true},
		{"/atendimento/conversations/5511955550000/unrated-1", false},
	} {
		res := e.do("GET", tc.url, "", "", cookie)
		if res.status != 200 {
			t.Fatalf("%s = %d", tc.url, res.status)
		}
		shown := strings.Contains(res.body, "Avaliação") && strings.Contains(res.body, `<dd id="csat">5 de 5</dd>`)
		if shown != tc.rated || (!tc.rated && strings.Contains(res.body, `id="csat"`)) {
			t.Errorf("%s shows the rating: %v, want %v", tc.url, shown, tc.rated)
		}
	}
}

// The customer's comment after the score is listed with the notes, marked
// as the customer's, for every operator.
func TestCustomerCommentIsListedWithTheNotes(t *testing.T) {
	e := newEnv(t, nil)
	cookie := e.login(opA)
	s := e.closedSession("+5511966660000", "rated-2", t0.Add(-time.Hour), "529.982.247-25", "Caio")
	n := persistence.Note{NoteID: "n1", PhoneNumber: s.PhoneNumber, SessionID: s.SessionID, Customer: true, Text: "Demorou, mas resolveu.", At: t0}
	if err := persistence.NewNotes(e.table).Add(context.Background(), n); err != nil {
		t.Fatal(err)
	}
	res := e.do("GET", "/atendimento/api/conversations/5511966660000/rated-2/notes", "", "", cookie)
	if res.status != 200 || !strings.Contains(res.body, `"customer":true`) || !strings.Contains(res.body, "Demorou, mas resolveu.") {
		t.Errorf("notes = %d %s", res.status, res.body)
	}
}
