package atendimento_test

import (
	"strings"
	"testing"

	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/locale"
)

// The console speaks pt-BR unless UI_LANG says English: pages, page dates
// and the JSON errors the page shows.
func TestConsoleSpeaksPortugueseByDefaultAndEnglishOnRequest(t *testing.T) {
	for _, tc := range []struct {
		lang, html            locale.Lang
		login, queue, refusal string
		date                  string
	}{
		{"", locale.PortugueseBR, "Acesso do operador", "Fila de atendimento", "esta conversa não está com você", "14/03/2025 09:00"},
		{locale.English, locale.English, "Operator login", "Nobody is waiting.", "this conversation is not yours", "Mar 14, 2025 9:00 AM"},
	} {
		e := newEnv(t, func(c *atendimento.Config) { c.Lang = tc.lang })
		if page := e.do("GET", "/atendimento/login", "", "", "").body; !strings.Contains(page, tc.login) || !strings.Contains(page, `lang="`+string(tc.html)+`"`) {
			t.Errorf("%q login page:\n%s", tc.lang, page)
		}
		a := e.login(opA)
		if page := e.do("GET", "/atendimento", "", "", a).body; !strings.Contains(page, tc.queue) {
			t.Errorf("%q queue page lacks %q:\n%s", tc.lang, tc.queue, page)
		}
		s := e.handoffSession("+5511999990001", t0, t0)
		if page := e.do("GET", "/atendimento", "", "", a).body; !strings.Contains(page, tc.date) {
			t.Errorf("%q queue page lacks the date %q (America/Sao_Paulo):\n%s", tc.lang, tc.date, page)
		}
		if d := errorBody(t, e.postJSON(apiURL(s)+"/release", map[string]any{}, a)); d.Code != "not_assigned" || d.Message != tc.refusal {
			t.Errorf("%q refusal = %+v, want %q", tc.lang, d, tc.refusal)
		}
	}
}
