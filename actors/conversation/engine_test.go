package conversation_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/domain"
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
		want := state == domain.StateHandoff || state == domain.StateHuman || state == domain.StateClosed
		if got := conversation.Silent(state); got != want {
			t.Errorf("Silent(%s) = %v", state, got)
		}
	}
}

func TestNewSession(t *testing.T) {
	e := newEngine(t)
	fresh := e.NewSession(nil, "s1", phone, "instance_b", now)
	if fresh.State != domain.StateNew || fresh.CurrentAgent != domain.AgentTriage ||
		fresh.PreviousSessionID != "" || fresh.RecognizedName != "" || !fresh.CreatedAt.Equal(now) ||
		fresh.MessagingInstance != "instance_b" || fresh.QualificationData == nil {
		t.Errorf("fresh = %+v", fresh)
	}

	tests := []struct {
		name     string
		previous func(*domain.Session)
		want     domain.NullString
	}{
		{"name from registration", func(s *domain.Session) {
			s.CadastralData = map[string]any{"nome": " Maria Souza "}
			s.RecognizedName = "Maria"
		}, "Maria Souza"},
		{"name carried over", func(s *domain.Session) { s.RecognizedName = "Maria" }, "Maria"},
		{"no name", func(*domain.Session) {}, ""},
	}
	for _, tt := range tests {
		prev := sessionIn(domain.StateClosed)
		tt.previous(&prev)
		next := e.NewSession(&prev, "s2", phone, "instance_a", now.Add(time.Hour))
		if next.PreviousSessionID != "sess-1" || next.RecognizedName != tt.want || next.State != domain.StateNew ||
			len(next.CadastralData) != 0 || next.SessionID != "s2" {
			t.Errorf("%s: %+v", tt.name, next)
		}
	}
}
