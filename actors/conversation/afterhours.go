package conversation

import (
	"strings"
	"time"

	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/locale"
)

// AfterHours tells a customer who enters the operators' queue while the
// business is closed when a person will reply, in the same message as the
// turn's reply: the hours' text (Config.AfterHoursText until the owner
// saves one) with "{quando}" replaced by the next
// opening in words ("amanhã às 08:00"). Any other outcome, or one within
// the hours, is returned as it is.
//
// waitedBefore says whether the session already waited when the turn began:
// a customer writing again while waiting heard the opening already.
func (e *Engine) AfterHours(o Outcome, waitedBefore bool, now time.Time) Outcome {
	schedule := e.cfg.Hours.Current()
	hours, text := schedule.Hours, schedule.AfterHoursText
	if text == "" {
		text = e.cfg.AfterHoursText
	}
	if !o.Session.Waiting() || waitedBefore || hours.Open(now) {
		return o
	}
	opening := hours.NextOpening(now)
	if opening.IsZero() {
		return o
	}
	// Customers read Portuguese (see Config); the catalogue is complete,
	// so New cannot fail here.
	pt, _ := locale.New(locale.PortugueseBR, hours.Zone(), businesshours.Catalogue)
	text = strings.ReplaceAll(text, "{quando}", businesshours.Phrase(pt, now, opening))
	o.Reply = strings.TrimSpace(o.Reply + "\n\n" + text)
	return o
}
