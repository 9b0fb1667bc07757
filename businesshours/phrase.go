package businesshours

import (
	"strconv"
	"time"

	"github.com/intake-runtime/intake/locale"
)

// Catalogue holds the words of an opening; a package that renders Phrase
// merges it into its own catalogue.
var Catalogue = locale.Catalogue{
	"hours.today":    {PT: "hoje às %s", EN: "today at %s"},
	"hours.tomorrow": {PT: "amanhã às %s", EN: "tomorrow at %s"},
	"hours.weekday":  {PT: "%s às %s", EN: "on %s at %s"},
	"hours.date":     {PT: "em %s às %s", EN: "on %s at %s"},
	"hours.day.0":    {PT: "domingo", EN: "Sunday"},
	"hours.day.1":    {PT: "segunda-feira", EN: "Monday"},
	"hours.day.2":    {PT: "terça-feira", EN: "Tuesday"},
	"hours.day.3":    {PT: "quarta-feira", EN: "Wednesday"},
	"hours.day.4":    {PT: "quinta-feira", EN: "Thursday"},
	"hours.day.5":    {PT: "sexta-feira", EN: "Friday"},
	"hours.day.6":    {PT: "sábado", EN: "Saturday"},
}

// Phrase says when opening comes, seen from now, in l's language and zone:
// "hoje às 14:00", "amanhã às 08:00", "segunda-feira às 08:00" within a
// week, else the date ("em 02/12/2026 às 08:00").
func Phrase(l locale.Locale, now, opening time.Time) string {
	now, opening = now.In(l.Zone), opening.In(l.Zone)
	clock := opening.Format("15:04")
	if l.Lang == locale.English {
		clock = opening.Format("3:04 PM")
	}
	switch days := daysBetween(now, opening); {
	case days == 0:
		return l.T("hours.today", clock)
	case days == 1:
		return l.T("hours.tomorrow", clock)
	case days < 7:
		return l.T("hours.weekday", l.T("hours.day."+strconv.Itoa(int(opening.Weekday()))), clock)
	}
	return l.T("hours.date", l.Date(opening), clock)
}

// daysBetween counts calendar days from a's date to b's, both in a's zone.
func daysBetween(a, b time.Time) int {
	ya, ma, da := a.Date()
	yb, mb, db := b.Date()
	return int(time.Date(yb, mb, db, 12, 0, 0, 0, time.UTC).Sub(time.Date(ya, ma, da, 12, 0, 0, 0, time.UTC)).Hours() / 24)
}
