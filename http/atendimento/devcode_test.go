package atendimento_test

import (
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/atendimento"
)

// With ShowCodes (a development runner with the messaging stub) the code page
// shows the code that was issued, and the banner says why; without it the
// code appears nowhere on the page.
func TestCodesAreShownOnThePageOnlyWhenAsked(t *testing.T) {
	for _, show := range []bool{true, false} {
		e := newEnv(t, func(c *atendimento.Config) { c.ShowCodes = show })
		page, codes := e.requestCode(opA)
		if len(codes) == 0 {
			t.Fatal("no code sent")
		}
		code := codes[len(codes)-1]
		shown := strings.Contains(page.body, `id="shown-code">`+code+`<`)
		banner := strings.Contains(page.body, `id="dev-codes"`)
		if shown != show || banner != show {
			t.Errorf("ShowCodes=%v: code shown %v, banner %v", show, shown, banner)
		}
		if show {
			// The code shown is the code that logs in.
			if res := e.verify(opA, code); res.status != fiber.StatusSeeOther || res.header.Get("Location") != atendimento.BasePath {
				t.Errorf("verify with the shown code = %d to %q", res.status, res.header.Get("Location"))
			}
		}
	}
}
