package persistence_test

import (
	"testing"

	"github.com/intake-runtime/intake/persistence"
)

func TestCustomerTextIsWhatThePhoneShows(t *testing.T) {
	out := persistence.DirectionOutbound
	tests := []struct {
		name string
		m    persistence.Message
		want string
	}{
		{"customer", persistence.Message{Direction: persistence.DirectionInbound, Content: " Oi "}, "Oi"},
		{"bot reply", persistence.Message{Direction: out, Content: `{"s":0} Olá`, CleanMessageSent: "Olá"}, "Olá"},
		{"operator", persistence.Message{Direction: out, Content: "Sou a Ana", CleanMessageSent: "Sou a Ana", OperatorPhone: "+5511900000000"}, "Sou a Ana"},
		{"knowledge request", persistence.Message{Direction: out, Content: `{"s":5}`}, ""},
		{"superseded", persistence.Message{Direction: out, CleanMessageSent: "x", Error: persistence.ErrorSuperseded}, ""},
		{"failed send", persistence.Message{Direction: out, CleanMessageSent: "x", Error: "131026", OutboxStatus: persistence.OutboxFailed}, ""},
		{"system", persistence.Message{Direction: persistence.DirectionSystem, Content: "reset"}, ""},
	}
	for _, tt := range tests {
		if got := tt.m.CustomerText(); got != tt.want {
			t.Errorf("%s: CustomerText() = %q, want %q", tt.name, got, tt.want)
		}
	}
}
