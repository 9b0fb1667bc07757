package admin

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/settings"
)

// HoursDoc is the settings document of the business hours.
const HoursDoc = "hours"

// hoursDocument is the hours document's JSON:
//
//	{"week": "mon-fri 08:00-12:00 13:00-18:00; sat 08:00-12:00",
//	 "holidays": [{"date": "2026-12-25", "label": "Natal"}],
//	 "after_hours": "Estamos fechados. Respondemos {quando}."}
//
// week is in the BUSINESS_HOURS grammar (businesshours.Grammar), "" for
// always open; each holiday closes its whole date; after_hours is what a
// customer queued while closed is told, "{quando}" standing for the next
// opening in words. The empty document is the seed: BUSINESS_HOURS and the
// engine's default text.
type hoursDocument struct {
	Week       string                  `json:"week"`
	Holidays   []businesshours.Holiday `json:"holidays,omitempty"`
	AfterHours string                  `json:"after_hours"`
}

// maxAfterHours bounds the after-hours text: one WhatsApp paragraph.
const maxAfterHours = 1000

// parseHours reads an hours document in zone; the reason of a refusal is
// for the owner, in Portuguese like the pages.
func parseHours(text string, zone *time.Location) (businesshours.Schedule, error) {
	var doc hoursDocument
	if err := json.Unmarshal([]byte(text), &doc); err != nil {
		return businesshours.Schedule{}, errors.New("o documento de horários não é um JSON válido")
	}
	hours, err := businesshours.Parse(doc.Week, zone)
	if err != nil {
		return businesshours.Schedule{}, fmt.Errorf("o horário semanal não pôde ser lido (%v)", err)
	}
	if hours, err = hours.WithHolidays(doc.Holidays, zone); err != nil {
		return businesshours.Schedule{}, errors.New("um feriado não tem uma data válida: use dia, mês e ano")
	}
	text = strings.TrimSpace(doc.AfterHours)
	switch {
	case !strings.Contains(text, "{quando}"):
		return businesshours.Schedule{}, errors.New("a mensagem fora do horário precisa conter {quando}, que é trocado por quando a equipe volta a responder")
	case len(text) > maxAfterHours:
		return businesshours.Schedule{}, fmt.Errorf("a mensagem fora do horário passa de %d caracteres", maxAfterHours)
	}
	return businesshours.Schedule{Hours: hours, AfterHoursText: text}, nil
}

// RegisterHours makes the business hours a setting applied to live: each
// saved version replaces the schedule every reader of live sees (the
// engine's after-hours reply, the handoff clock and deferred notice, the
// console). The seed is what live holds now (BUSINESS_HOURS); zone is the
// business's (UI_TIMEZONE).
func RegisterHours(s *settings.Live, live *businesshours.Live, zone *time.Location) {
	seed := live.Current()
	s.Register(HoursDoc, settings.Doc{
		Check: func(_, text string) error {
			_, err := parseHours(text, zone)
			return err
		},
		Apply: func(_, text string) {
			if text == "" {
				live.Set(seed)
				return
			}
			if schedule, err := parseHours(text, zone); err == nil {
				live.Set(schedule)
			}
		},
	})
}
