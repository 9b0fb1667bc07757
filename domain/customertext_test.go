package domain_test

import (
	"testing"

	"github.com/intake-runtime/intake/domain"
)

func TestCustomerTextIsWhatThePhoneShows(t *testing.T) {
	out := domain.DirectionOutbound
	tests := []struct {
		name string
		m    domain.Message
		want string
	}{
		{"customer", domain.Message{Direction: domain.DirectionInbound, Content: " Oi "}, "Oi"},
		{"bot reply", domain.Message{Direction: out, Content: `{"s":0} Olá`, CleanMessageSent: "Olá"}, "Olá"},
		{"bot reply with options", domain.Message{Direction: out, CleanMessageSent: "Confirma?", Options: []string{"Sim", "Não"}}, "Confirma?\n\n1. Sim\n2. Não"},
		{"operator", domain.Message{Direction: out, Content: "Sou a Ana", CleanMessageSent: "Sou a Ana", OperatorPhone: "+5511900000000"}, "Sou a Ana"},
		{"knowledge request", domain.Message{Direction: out, Content: `{"s":5}`}, ""},
		{"superseded", domain.Message{Direction: out, CleanMessageSent: "x", Error: domain.ErrorSuperseded}, ""},
		{"failed send", domain.Message{Direction: out, CleanMessageSent: "x", Error: "131026", OutboxStatus: domain.OutboxFailed}, ""},
		{"system", domain.Message{Direction: domain.DirectionSystem, Content: "reset"}, ""},
	}
	for _, tt := range tests {
		if got := tt.m.CustomerText(); got != tt.want {
			t.Errorf("%s: CustomerText() = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestWithOptionsNumbersTheChoices(t *testing.T) {
	tests := []struct {
		text    string
		options []string
		want    string
	}{
		{"Confirma?", nil, "Confirma?"},
		{"Confirma?", []string{"Sim", "Não"}, "Confirma?\n\n1. Sim\n2. Não"},
		{"Qual serviço?", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K"},
			"Qual serviço?\n\n1. A\n2. B\n3. C\n4. D\n5. E\n6. F\n7. G\n8. H\n9. I\n10. J\n11. K"},
	}
	for _, tt := range tests {
		if got := domain.WithOptions(tt.text, tt.options); got != tt.want {
			t.Errorf("WithOptions(%q, %q) = %q, want %q", tt.text, tt.options, got, tt.want)
		}
	}
}

func TestModelTextHearsTranscribedVoiceNotes(t *testing.T) {
	in, out := domain.DirectionInbound, domain.DirectionOutbound
	tests := []struct {
		name string
		m    domain.Message
		want string
	}{
		{"voice note transcribed", domain.Message{Direction: in, MessageType: domain.MessageAudio, Content: "[audio]", Transcript: " quero um orçamento "}, "[audio] quero um orçamento"},
		{"voice note not transcribed", domain.Message{Direction: in, MessageType: domain.MessageAudio, Content: "[audio]"}, "[audio]"},
		{"text", domain.Message{Direction: in, Content: "Oi"}, "Oi"},
		{"reply", domain.Message{Direction: out, CleanMessageSent: "Olá", Transcript: "never on a reply"}, "Olá"},
		{"errored voice note", domain.Message{Direction: in, Content: "[audio]", Transcript: "x", Error: "e"}, ""},
	}
	for _, tt := range tests {
		if got := tt.m.ModelText(); got != tt.want {
			t.Errorf("%s: ModelText() = %q, want %q", tt.name, got, tt.want)
		}
	}
}
