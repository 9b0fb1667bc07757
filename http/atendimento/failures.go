package atendimento

import (
	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/httperr"
)

// failJSON answers the JSON error shape with the catalogue's text for key, in
// the page's language: the script shows the message as it comes.
func (c *Console) failJSON(ctx *fiber.Ctx, status int, code, key string) error {
	return httperr.Write(ctx, status, code, c.locale.T(key))
}

// refusal answers a refused operator command: the catalogue's text for its
// code ("error.<code>") when there is one, else the message as the
// conversation wrote it.
func (c *Console) refusal(ctx *fiber.Ctx, status int, code, message string) error {
	if key := "error." + code; c.locale.Has(key) {
		message = c.locale.T(key)
	}
	return httperr.Write(ctx, status, code, message)
}
