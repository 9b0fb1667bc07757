package dashboard

import (
	"html"
	"strings"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/internal/redact"
)

// DefaultMediaReply is the fixed answer of POST /media.
const DefaultMediaReply = "Recebemos sua mídia. No momento só consigo ler mensagens de texto: pode me escrever o que precisa?"

// mediaTypes are the media kinds the form offers, the platform's own.
var mediaTypes = []string{
	string(domain.MessageImage),
	string(domain.MessageAudio),
	string(domain.MessageVideo),
	string(domain.MessageDocument),
	string(domain.MessageSticker),
}

// MediaReply is the JSON answer of POST /media.
type MediaReply struct {
	Reply       string `json:"reply"`
	PhoneNumber string `json:"phone_number"`
	MediaType   string `json:"media_type"`
	// Intercepted is always true: the message stopped here.
	Intercepted bool `json:"intercepted"`
}

// media serves POST /media (form fields phone-input and media-type): the
// local interception of a media message. The emulator cannot download media
// and the agents read text only, so a media message is answered at once with
// a fixed text: no model call, no session, nothing written to the table. It
// is logged, so the logs panel shows it passed. An unknown media type counts
// as document, as the webhook does.
//
// Like POST /chat it answers an HTML fragment, or JSON when asked.
func (h *Handler) media(c *fiber.Ctx) error {
	phone, err := messaging.NormalizeSender(c.FormValue("phone-input"))
	if err != nil {
		return httperr.Write(c, fiber.StatusBadRequest, "invalid_phone", "phone-input must hold a phone number with digits")
	}
	// Cloned: fiber reuses the form's buffer after the handler returns, and
	// the logger may hold the value longer.
	kind := strings.Clone(strings.ToLower(strings.TrimSpace(c.FormValue("media-type"))))
	if kind == "" {
		return httperr.Write(c, fiber.StatusBadRequest, "missing_media_type", "media-type must name the media kind: "+strings.Join(mediaTypes, ", "))
	}
	known := false
	for _, t := range mediaTypes {
		known = known || t == kind
	}
	if !known {
		kind = string(domain.MessageDocument)
	}
	h.logger.Info("media message intercepted locally: fixed reply, no model call",
		redact.Phone("phone", phone), zap.String("media_type", kind))
	out := MediaReply{Reply: h.cfg.MediaReply, PhoneNumber: phone, MediaType: kind, Intercepted: true}
	if c.Accepts(fiber.MIMETextHTML, fiber.MIMEApplicationJSON) == fiber.MIMEApplicationJSON {
		return c.JSON(out)
	}
	c.Type("html", "utf-8")
	return c.SendString(`<div class="bot-message" data-intercepted="true" data-media-type="` +
		html.EscapeString(kind) + `">` + html.EscapeString(out.Reply) + `</div>`)
}
