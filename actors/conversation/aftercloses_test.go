package conversation_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/domain"
)

func closingEngine(t *testing.T, reopen time.Duration) *conversation.Engine {
	t.Helper()
	store, err := content.Open("")
	if err != nil {
		t.Fatal(err)
	}
	e, err := conversation.New(conversation.Config{CSATEnabled: true, ReopenWindow: reopen}, store)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// Where a customer's turn goes after an operator's close: the table in
// conversation.AfterClose's doc, row by row.
func TestAfterClose(t *testing.T) {
	closed := time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC)
	ptr := func(d time.Duration) *time.Time { at := closed.Add(d); return &at }
	byOperator := func(edit func(*domain.Session)) domain.Session {
		s := domain.NewSession("s", "+5511988887777", "instance_a", closed.Add(-time.Hour))
		s.State, s.ClosedAt, s.ClosedBy = domain.StateClosed, ptr(0), "+5511900000999"
		if edit != nil {
			edit(&s)
		}
		return s
	}
	asked := func(s *domain.Session) { s.CSATAskedAt = ptr(0) }
	scored := func(s *domain.Session) { asked(s); s.CSATScore, s.CSATAnsweredAt = 4, ptr(time.Minute) }
	commented := func(s *domain.Session) { scored(s); s.CSATCommentAt = ptr(2 * time.Minute) }
	for _, tc := range []struct {
		name   string
		s      domain.Session
		reopen time.Duration
		text   string
		after  time.Duration
		want   conversation.AfterClose
	}{
		{"a tapped score answers the question", byOperator(asked), 0, "Excelente", 5 * time.Minute, conversation.Rate},
		{"a typed digit answers it too", byOperator(asked), 0, "5", 5 * time.Minute, conversation.Rate},
		{"a title typed in any case", byOperator(asked), 0, "muito ruim!", 5 * time.Minute, conversation.Rate},
		{"a typed score with a dot", byOperator(asked), 0, " 3. ", time.Hour, conversation.Rate},
		{"a score inside the reopen window still rates", byOperator(asked), 2 * time.Hour, "1", 10 * time.Minute, conversation.Rate},
		{"six is not a score", byOperator(asked), 0, "6", time.Minute, conversation.StartNew},
		{"a sentence is not a score", byOperator(asked), 0, "5 placas solares", time.Minute, conversation.StartNew},
		{"a score past a day starts anew", byOperator(asked), 0, "5", 25 * time.Hour, conversation.StartNew},
		{"no question asked, no rating", byOperator(nil), 0, "5", time.Minute, conversation.StartNew},
		{"the words after the score are the comment", byOperator(scored), 2 * time.Hour, "Ótimo atendimento", 5 * time.Minute, conversation.Comment},
		{"one comment only", byOperator(commented), 0, "mais uma coisa", 5 * time.Minute, conversation.StartNew},
		{"after the comment, the window reopens", byOperator(commented), 2 * time.Hour, "mais uma coisa", 5 * time.Minute, conversation.Reopen},
		{"within the window, anything but a score reopens", byOperator(asked), 2 * time.Hour, "segue o CNPJ", 10 * time.Minute, conversation.Reopen},
		{"past the window, a new session", byOperator(nil), 2 * time.Hour, "oi", 3 * time.Hour, conversation.StartNew},
		{"no window, a new session", byOperator(nil), 0, "oi", time.Minute, conversation.StartNew},
		{"closed by the bot, never reopened", byOperator(func(s *domain.Session) { s.ClosedBy = "" }), 2 * time.Hour, "oi", time.Minute, conversation.StartNew},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := closingEngine(t, tc.reopen).AfterClose(tc.s, []string{tc.text}, closed.Add(tc.after))
			if got != tc.want {
				t.Errorf("AfterClose = %d, want %d", got, tc.want)
			}
		})
	}
}

// A reopen gives the conversation back to who closed it, open again and
// silent for the bot; a rating keeps it closed with the score and thanks.
func TestResumeClosed(t *testing.T) {
	now := time.Date(2026, 3, 2, 15, 10, 0, 0, time.UTC)
	closedAt := now.Add(-10 * time.Minute)
	s := domain.NewSession("s", "+5511988887777", "instance_a", closedAt.Add(-time.Hour))
	s.State, s.ClosedAt, s.ClosedBy, s.CSATAskedAt = domain.StateClosed, &closedAt, "+5511900000999", &closedAt
	e := closingEngine(t, 2*time.Hour)

	reopened := e.ResumeClosed(conversation.Reopen, conversation.Input{Session: s, Customer: []string{"oi"}, Now: now})
	if r := reopened.Session; r.State != domain.StateHuman || r.AssignedTo != "+5511900000999" || r.ClosedAt != nil || r.ClosedBy != "" || !reopened.Reopened || reopened.Reply != "" {
		t.Errorf("reopen: %+v", reopened)
	}
	rated := e.ResumeClosed(conversation.Rate, conversation.Input{Session: s, Customer: []string{"5"}, Now: now})
	if r := rated.Session; r.State != domain.StateClosed || r.CSATScore != 5 || r.CSATAnsweredAt == nil || rated.Reply != conversation.DefaultCSATThanks {
		t.Errorf("rate: %+v", rated)
	}
	noted := e.ResumeClosed(conversation.Comment, conversation.Input{Session: s, Customer: []string{"Gostei", "muito"}, Now: now})
	if noted.Note != "Gostei\nmuito" || noted.Session.CSATCommentAt == nil || noted.Reply != "" {
		t.Errorf("comment: %+v", noted)
	}
}
