package admin_test

import (
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/locale"
)

// The pages are pt-BR with São Paulo times by default and English on
// request (UI_LANG, UI_TIMEZONE); every page links to the console.
func TestPagesSpeakTheConfiguredLanguage(t *testing.T) {
	tokyo, err := time.LoadLocation("Asia/Tokyo")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		cfg  admin.Config
		want []string
	}{
		{admin.Config{}, []string{`<html lang="pt-BR">`, "Demandas fora do portfólio", "10/03/2025 09:00", "Console de atendimento"}},
		{admin.Config{Lang: locale.English, Zone: tokyo}, []string{`<html lang="en">`, "Out-of-portfolio demands", "Mar 10, 2025 9:00 PM", "Operator console"}},
	} {
		f := newFixture(t, tt.cfg)
		f.seed().demand("jardinagem vertical", now)
		status, body := f.do("GET", "/admin/demands", "", nil)
		if status != 200 {
			t.Fatalf("GET /admin/demands = %d", status)
		}
		for _, want := range tt.want {
			if !strings.Contains(body, want) {
				t.Errorf("%s page lacks %q", tt.cfg.Lang, want)
			}
		}
		if !strings.Contains(body, `href="/atendimento"`) {
			t.Errorf("%s page has no link to the console", tt.cfg.Lang)
		}
	}
}
