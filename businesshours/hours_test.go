package businesshours_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/locale"
)

var saoPaulo = mustZone("America/Sao_Paulo")

func mustZone(name string) *time.Location {
	z, err := time.LoadLocation(name)
	if err != nil {
		panic(err)
	}
	return z
}

// sp is a São Paulo wall time in the week of Monday 2026-11-23.
func sp(day string, clock string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", day+" "+clock, saoPaulo)
	if err != nil {
		panic(err)
	}
	return t
}

func mustParse(t *testing.T, spec string) businesshours.Hours {
	t.Helper()
	h, err := businesshours.Parse(spec, saoPaulo)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestParseRefusesWhatIsNotTheGrammar(t *testing.T) {
	for _, spec := range []string{
		"mon-fri",                     // no window
		"moon 08:00-18:00",            // not a day
		"mon-fry 08:00-18:00",         // not a range
		"mon 18:00-08:00",             // closes before it opens
		"mon 08:00-08:00",             // empty window
		"mon 8:00-18:00",              // not HH:MM
		"mon 08:00-25:00",             // no such hour
		"mon 08:00-12:00 11:00-13:00", // overlapping windows
		"mon 08:00-18:00;",            // empty group
	} {
		if _, err := businesshours.Parse(spec, saoPaulo); err == nil {
			t.Errorf("Parse(%q) accepted it", spec)
		}
	}
}

func TestOpenAndNextOpening(t *testing.T) {
	week := "mon-fri 08:00-12:00 13:00-18:00; sat 08:00-12:00"
	for _, c := range []struct {
		name, spec string
		at, next   time.Time
		open       bool
	}{
		{"a weekday morning", week, sp("2026-11-24", "09:00"), sp("2026-11-24", "09:00"), true},
		{"a weekday night opens the next morning", week, sp("2026-11-24", "23:00"), sp("2026-11-25", "08:00"), false},
		{"lunch between a day's two windows", week, sp("2026-11-24", "12:30"), sp("2026-11-24", "13:00"), false},
		{"closing instant is closed", week, sp("2026-11-24", "18:00"), sp("2026-11-25", "08:00"), false},
		{"opening instant is open", week, sp("2026-11-24", "08:00"), sp("2026-11-24", "08:00"), true},
		{"saturday afternoon waits for monday: the week wraps", week, sp("2026-11-28", "15:00"), sp("2026-11-30", "08:00"), false},
		{"sunday night waits for monday", week, sp("2026-11-29", "23:59"), sp("2026-11-30", "08:00"), false},
		{"midnight ends a 24:00 window", "fri 20:00-24:00", sp("2026-11-28", "00:00"), sp("2026-12-04", "20:00"), false},
		{"a minute before midnight is inside it", "fri 20:00-24:00", sp("2026-11-27", "23:59"), sp("2026-11-27", "23:59"), true},
		{"a wrapping range", "fri-mon 10:00-11:00", sp("2026-11-24", "10:30"), sp("2026-11-27", "10:00"), false},
		{"no hours is always open", "", sp("2026-11-29", "03:00"), sp("2026-11-29", "03:00"), true},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := mustParse(t, c.spec)
			if got := h.Open(c.at); got != c.open {
				t.Errorf("Open(%v) = %v, want %v", c.at, got, c.open)
			}
			if got := h.NextOpening(c.at); !got.Equal(c.next) {
				t.Errorf("NextOpening(%v) = %v, want %v", c.at, got, c.next)
			}
		})
	}
}

// São Paulo has kept no daylight saving time since 2019: a November
// opening is 08:00 at UTC-3, 11:00 UTC.
func TestSaoPauloHasNoDaylightSaving(t *testing.T) {
	h := mustParse(t, "mon-fri 08:00-18:00")
	got := h.NextOpening(time.Date(2026, 11, 25, 2, 0, 0, 0, time.UTC)) // 23:00 on the 24th in São Paulo
	if want := time.Date(2026, 11, 25, 11, 0, 0, 0, time.UTC); !got.Equal(want) {
		t.Errorf("NextOpening = %v, want %v", got.UTC(), want)
	}
}

func TestAddCountsOnlyOpenTime(t *testing.T) {
	h := mustParse(t, "mon-fri 08:00-12:00 13:00-18:00")
	for _, c := range []struct {
		name string
		from time.Time
		d    time.Duration
		want time.Time
	}{
		{"inside a window", sp("2026-11-24", "09:00"), 10 * time.Minute, sp("2026-11-24", "09:10")},
		{"from the night, counted from the opening", sp("2026-11-24", "23:00"), 10 * time.Minute, sp("2026-11-25", "08:10")},
		{"across lunch", sp("2026-11-24", "11:55"), 10 * time.Minute, sp("2026-11-24", "13:05")},
		{"landing on closing falls on the next opening", sp("2026-11-24", "17:50"), 10 * time.Minute, sp("2026-11-25", "08:00")},
		{"friday evening into monday", sp("2026-11-27", "17:55"), 10 * time.Minute, sp("2026-11-30", "08:05")},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := h.Add(c.from, c.d); !got.Equal(c.want) {
				t.Errorf("Add = %v, want %v", got, c.want)
			}
		})
	}
}

func TestPhraseSaysTheOpeningInWords(t *testing.T) {
	pt, err := locale.New(locale.PortugueseBR, saoPaulo, businesshours.Catalogue)
	if err != nil {
		t.Fatal(err)
	}
	en, _ := locale.New(locale.English, saoPaulo, businesshours.Catalogue)
	for _, c := range []struct {
		now, opening time.Time
		pt, en       string
	}{
		{sp("2026-11-24", "12:30"), sp("2026-11-24", "14:00"), "hoje às 14:00", "today at 2:00 PM"},
		{sp("2026-11-24", "23:00"), sp("2026-11-25", "08:00"), "amanhã às 08:00", "tomorrow at 8:00 AM"},
		{sp("2026-11-28", "15:00"), sp("2026-11-30", "08:00"), "segunda-feira às 08:00", "on Monday at 8:00 AM"},
		{sp("2026-11-24", "09:00"), sp("2026-12-04", "08:00"), "em 04/12/2026 às 08:00", "on Dec 4, 2026 at 8:00 AM"},
	} {
		if got := businesshours.Phrase(pt, c.now, c.opening); got != c.pt {
			t.Errorf("pt-BR: %q, want %q", got, c.pt)
		}
		if got := businesshours.Phrase(en, c.now, c.opening); got != c.en {
			t.Errorf("en: %q, want %q", got, c.en)
		}
	}
}
