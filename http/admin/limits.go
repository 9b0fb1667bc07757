package admin

import (
	"fmt"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/bodylimit"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/locale"
)

// MaxWriteBytes bounds the body of every admin write, page form or API
// call. The largest field is a prompt or a settings document (100 KiB, as
// typed; a form encodes accented letters in up to three times the bytes),
// and a body past this could not be stored in one table item (400 KB).
const MaxWriteBytes = 256 << 10

// Field bounds, in characters, of what the owner types that goes to the
// table or to WhatsApp as it is: a saved reply is one message; a template's
// name, language and body are WhatsApp's own bounds.
const (
	maxSavedReplyRunes   = 4096
	maxTemplateNameRunes = 512
	maxTemplateLangRunes = 15
	maxTemplateBodyRunes = 1024
)

// limitText is the texts of the refusal of an oversized write.
var limitText = locale.Catalogue{
	"admin.limit.title":     {PT: "Envio grande demais", EN: "Too much sent"},
	"admin.limit.reason":    {PT: "O que você enviou passa de %d KB e não foi salvo. Encurte o texto e tente de novo.", EN: "What you sent is over %d KB and was not saved. Shorten the text and try again."},
	"admin.limit.back":      {PT: "Voltar às configurações", EN: "Back to the settings"},
	"admin.limit.too_long":  {PT: "O texto passa de %d caracteres.", EN: "The text is over %d characters."},
	"admin.limit.name_long": {PT: "O nome passa de %d caracteres.", EN: "The name is over %d characters."},
	"admin.limit.lang_long": {PT: "O idioma passa de %d caracteres.", EN: "The language is over %d characters."},
}

// limitWrites refuses an admin write over MaxWriteBytes before its
// handler runs: a form (what a page posts) gets the page saying so, in
// the pages' language; anything else, the API's JSON error.
func (h *Handler) limitWrites() fiber.Handler {
	return bodylimit.New(MaxWriteBytes, func(c *fiber.Ctx) error {
		if !isForm(c) {
			return httperr.Write(c, fiber.StatusRequestEntityTooLarge, "payload_too_large",
				fmt.Sprintf("the body is over %d KiB", MaxWriteBytes>>10))
		}
		return h.pages.render(c.Status(fiber.StatusRequestEntityTooLarge), page{Page: "refused",
			Data: h.pages.loc.T("admin.limit.reason", MaxWriteBytes>>10)})
	})
}

// isForm says whether the request is a form post, as a page sends it.
func isForm(c *fiber.Ctx) bool {
	ct := strings.ToLower(c.Get(fiber.HeaderContentType))
	return strings.HasPrefix(ct, fiber.MIMEApplicationForm) || strings.HasPrefix(ct, fiber.MIMEMultipartForm)
}
