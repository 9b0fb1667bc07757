package atendimento

import (
	"fmt"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/bodylimit"
	"github.com/intake-runtime/intake/http/httperr"
)

// MaxWriteBytes bounds the body of every console write: the longest thing
// an operator sends is a message or a note of a few thousand characters,
// each refused past its own bound (messaging.MaxTextRunes, MaxNoteRunes).
const MaxWriteBytes = 64 << 10

// limitWrites refuses a console write over MaxWriteBytes before its
// handler runs: a form (the login pages) gets the login page saying so;
// the console's script, the API's JSON error.
func (c *Console) limitWrites() fiber.Handler {
	return bodylimit.New(MaxWriteBytes, func(ctx *fiber.Ctx) error {
		if !strings.HasPrefix(strings.ToLower(ctx.Get(fiber.HeaderContentType)), fiber.MIMEApplicationForm) {
			return httperr.Write(ctx, fiber.StatusRequestEntityTooLarge, "payload_too_large",
				fmt.Sprintf("the body is over %d KiB", MaxWriteBytes>>10))
		}
		return c.render(ctx, fiber.StatusRequestEntityTooLarge, "login", page{Title: c.locale.T("login.title"), Page: "login",
			Data: loginForm{Error: c.locale.T("login.too_large", MaxWriteBytes>>10)}})
	})
}
