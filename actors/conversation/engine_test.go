package conversation_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/persistence"
)

func TestNewValidatesConfig(t *testing.T) {
	store, err := content.Open("")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conversation.New(conversation.Config{}, store); err != nil {
		t.Errorf("defaults rejected: %v", err)
	}
	for name, c := range map[string]conversation.Config{
		"retry text without placeholder": {RetryText: "tente de novo"},
		"blank fallback":                 {FallbackText: "  "},
		"negative bound":                 {MaxEnrichments: -1},
		"negative failures":              {MaxValidationFailures: -1},
	} {
		if _, err := conversation.New(c, store); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := conversation.New(conversation.Config{}, nil); err == nil {
		t.Error("nil store accepted")
	}
}

func TestSilent(t *testing.T) {
	for _, state := range states {
		want := state == persistence.StateHandoff || state == persistence.StateHuman || state == persistence.StateClosed
		if got := conversation.Silent(state); got != want {
			t.Errorf("Silent(%s) = %v", state, got)
		}
	}
}

func TestNewSession(t *testing.T) {
	e := newEngine(t)
	fresh := e.NewSession(nil, "s1", phone, "instance_b", now)
	if fresh.State != persistence.StateNew || fresh.CurrentAgent != persistence.AgentTriage ||
		fresh.PreviousSessionID != "" || fresh.RecognizedName != "" || !fresh.CreatedAt.Equal(now) ||
		fresh.MessagingInstance != "instance_b" || fresh.QualificationData == nil {
		t.Errorf("fresh = %+v", fresh)
	}

	tests := []struct {
		name     string
		previous func(*persistence.Session)
		want     persistence.NullString
	}{
		{"name from registration", func(s *persistence.Session) {
			s.CadastralData = map[string]any{"nome": " Maria Souza "}
			s.RecognizedName = "Maria"
		}, "Maria Souza"},
		{"name carried over", func(s *persistence.Session) { s.RecognizedName = "Maria" }, "Maria"},
		{"no name", func(*persistence.Session) {}, ""},
	}
	for _, tt := range tests {
		prev := sessionIn(persistence.StateClosed)
		tt.previous(&prev)
		next := e.NewSession(&prev, "s2", phone, "instance_a", now.Add(time.Hour))
		if next.PreviousSessionID != "sess-1" || next.RecognizedName != tt.want || next.State != persistence.StateNew ||
			len(next.CadastralData) != 0 || next.SessionID != "s2" {
			t.Errorf("%s: %+v", tt.name, next)
		}
	}
}
