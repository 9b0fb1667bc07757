package atendimento

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/locale"
)

// Every state of the one state list has its words in the catalogue, in both
// languages: the console never shows an operator a state's code.
func TestEveryStateHasALabel(t *testing.T) {
	text, err := catalogue()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []locale.Lang{locale.PortugueseBR, locale.English} {
		loc, err := locale.New(lang, time.UTC, text)
		if err != nil {
			t.Fatal(err)
		}
		c := &Console{locale: loc}
		for _, state := range domain.States() {
			if got := c.stateText(state); got == string(state) || got == "" {
				t.Errorf("%s: state %s is shown as %q: the catalogue has no words for it", lang, state, got)
			}
		}
	}
}
