package conversation_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/domain"
)

// A customer handed off at night hears, in the handoff's own reply, when a
// person will answer; within the hours, or already waiting, nothing changes.
func TestAfterHoursNamesTheNextOpening(t *testing.T) {
	zone, _ := time.LoadLocation("America/Sao_Paulo")
	hours, err := businesshours.Parse("mon-fri 08:00-18:00", zone)
	if err != nil {
		t.Fatal(err)
	}
	store, _ := content.Open("")
	c := cfg
	c.Hours, c.AfterHoursText = businesshours.NewLive(businesshours.Schedule{Hours: hours}), "FORA DO HORÁRIO: {quando}"
	e, err := conversation.New(c, store)
	if err != nil {
		t.Fatal(err)
	}
	tuesday23 := time.Date(2026, 11, 24, 23, 0, 0, 0, zone)
	friday23 := time.Date(2026, 11, 27, 23, 0, 0, 0, zone)
	tuesday10 := time.Date(2026, 11, 24, 10, 0, 0, 0, zone)
	handedOff := conversation.Outcome{Session: sessionIn(domain.StateHandoff), Reply: "Vou chamar um atendente."}
	for _, tc := range []struct {
		name         string
		outcome      conversation.Outcome
		waitedBefore bool
		now          time.Time
		want         string
	}{
		{"handed off on a weekday night", handedOff, false, tuesday23, "Vou chamar um atendente.\n\nFORA DO HORÁRIO: amanhã às 08:00"},
		{"handed off on a friday night", handedOff, false, friday23, "Vou chamar um atendente.\n\nFORA DO HORÁRIO: segunda-feira às 08:00"},
		{"handed off within the hours", handedOff, false, tuesday10, "Vou chamar um atendente."},
		{"already waiting", handedOff, true, tuesday23, "Vou chamar um atendente."},
		{"no handoff", conversation.Outcome{Session: sessionIn(domain.StateQualifying), Reply: "Olá"}, false, tuesday23, "Olá"},
		{"handoff without a reply of its own", conversation.Outcome{Session: sessionIn(domain.StateHandoff)}, false, tuesday23, "FORA DO HORÁRIO: amanhã às 08:00"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := e.AfterHours(tc.outcome, tc.waitedBefore, tc.now).Reply; got != tc.want {
				t.Errorf("reply = %q, want %q", got, tc.want)
			}
		})
	}
	if got := newEngine(t).AfterHours(handedOff, false, tuesday23).Reply; got != handedOff.Reply {
		t.Errorf("without BUSINESS_HOURS the business is always open, got %q", got)
	}
}
