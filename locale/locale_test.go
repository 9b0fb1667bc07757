package locale_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/locale"
)

var sample = locale.Catalogue{
	"queue.title":   {PT: "Fila", EN: "Queue"},
	"queue.waiting": {PT: "%d aguardando", EN: "%d waiting"},
	"js.claim":      {PT: "Assumir", EN: "Claim"},
}

func mustZone(t *testing.T) *time.Location {
	t.Helper()
	zone, err := time.LoadLocation(locale.DefaultZone)
	if err != nil {
		t.Fatal(err)
	}
	return zone
}

func TestPortugueseIsBrazilianDayMonthInSaoPaulo(t *testing.T) {
	l, err := locale.New(locale.PortugueseBR, mustZone(t), sample)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 23, 17, 54, 58, 0, time.UTC)
	if got := l.DateTime(at); got != "23/11/2026 14:54" {
		t.Errorf("DateTime = %q, want 23/11/2026 14:54 (UTC−3)", got)
	}
	if got := l.Date(at); got != "23/11/2026" {
		t.Errorf("Date = %q", got)
	}
	if got := l.T("queue.waiting", 3); got != "3 aguardando" {
		t.Errorf("T = %q", got)
	}
}

func TestEnglishKeepsTheZone(t *testing.T) {
	l, err := locale.New(locale.English, mustZone(t), sample)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 23, 17, 54, 58, 0, time.UTC)
	if got := l.DateTime(at); got != "Nov 23, 2026 2:54 PM" {
		t.Errorf("DateTime = %q", got)
	}
	if got := l.T("queue.title"); got != "Queue" {
		t.Errorf("T = %q", got)
	}
	if got := l.Script(); len(got) != 1 || got["js.claim"] != "Claim" {
		t.Errorf("Script = %v, want only the js. texts", got)
	}
}

func TestAnUnknownKeyShowsItself(t *testing.T) {
	l, _ := locale.New(locale.PortugueseBR, nil, sample)
	if got := l.T("nope"); got != "nope" || l.Has("nope") {
		t.Errorf("T(nope) = %q", got)
	}
}

func TestEveryTextNeedsBothLanguages(t *testing.T) {
	_, err := locale.New(locale.PortugueseBR, nil, locale.Catalogue{"a": {PT: "só"}})
	if err == nil {
		t.Fatal("a text without English was accepted")
	}
}

func TestMergeRefusesAKeyTwice(t *testing.T) {
	if _, err := locale.Merge(sample, locale.Catalogue{"queue.title": {PT: "x", EN: "y"}}); err == nil {
		t.Fatal("a duplicate key was accepted")
	}
}

func TestParseLang(t *testing.T) {
	for in, want := range map[string]locale.Lang{"pt-BR": locale.PortugueseBR, "PT-br": locale.PortugueseBR, "en": locale.English} {
		if got, err := locale.ParseLang(in); err != nil || got != want {
			t.Errorf("ParseLang(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := locale.ParseLang("fr"); err == nil {
		t.Error("fr accepted")
	}
}

// Unset UI_LANG and UI_TIMEZONE mean the operation the product was built
// for: Brazilian Portuguese on São Paulo's clock.
func TestDefaultsArePortugueseInSaoPaulo(t *testing.T) {
	l, err := locale.New("", nil, sample)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 11, 23, 17, 54, 58, 0, time.UTC)
	if l.Lang != locale.PortugueseBR || l.Zone.String() != locale.DefaultZone || l.DateTime(at) != "23/11/2026 14:54" {
		t.Errorf("defaults: %s in %s, %q", l.Lang, l.Zone, l.DateTime(at))
	}
}

// Stored codes read as labels when the catalogue has one, and as
// themselves otherwise; spans of time read in whole units.
func TestLabelAndDuration(t *testing.T) {
	l, err := locale.New(locale.PortugueseBR, nil, locale.Vocabulary)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ group, code, want string }{
		{"state", "HANDOFF", "Aguardando atendente"},
		{"projection", "BLOCKED", "Bloqueada (precisa de ajuste)"},
		{"state", "SOMETHING_NEW", "SOMETHING_NEW"},
	} {
		if got := l.Label(tt.group, tt.code); got != tt.want {
			t.Errorf("Label(%s, %s) = %q, want %q", tt.group, tt.code, got, tt.want)
		}
	}
	for _, tt := range []struct {
		d    time.Duration
		want string
	}{
		{-time.Second, "0 s"}, {45 * time.Second, "45 s"}, {12*time.Minute + 30*time.Second, "12 min"},
		{3*time.Hour + 5*time.Minute, "3 h 05 min"}, {52 * time.Hour, "2 d 4 h"},
	} {
		if got := l.Duration(tt.d); got != tt.want {
			t.Errorf("Duration(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}
