package atendimento_test

import (
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/locale"
)

// The queue page says whether the business is open now and, when closed,
// when it opens, pt-BR first; without BUSINESS_HOURS it says nothing.
func TestQueuePageShowsTheBusinessHours(t *testing.T) {
	zone, _ := time.LoadLocation("America/Sao_Paulo")
	hours, err := businesshours.Parse("mon-fri 08:00-18:00", zone)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name        string
		lang        locale.Lang
		hours       businesshours.Hours
		later       time.Duration // after t0, a Friday at 09:00 in São Paulo
		want, avoid string
	}{
		{"open on a friday morning", "", hours, 0, "Dentro do horário de atendimento", "Fora do horário"},
		{"closed on a friday night", "", hours, 12 * time.Hour, "Fora do horário de atendimento: abre segunda-feira às 08:00", "Dentro do horário"},
		{"closed, in English", locale.English, hours, 12 * time.Hour, "Closed now: opens on Monday at 8:00 AM", "Open now"},
		{"no business hours", "", businesshours.Hours{}, 12 * time.Hour, "Fila de atendimento", `id="business-hours"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t, func(c *atendimento.Config) {
				c.Lang, c.Hours = tc.lang, businesshours.NewLive(businesshours.Schedule{Hours: tc.hours})
			})
			e.clock.Advance(tc.later)
			page := e.do("GET", "/atendimento", "", "", e.login(opA)).body
			if !strings.Contains(page, tc.want) || strings.Contains(page, tc.avoid) {
				t.Errorf("queue page: want %q and not %q:\n%s", tc.want, tc.avoid, page)
			}
		})
	}
}
