package atendimento

import (
	"context"
	"errors"
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/mediafile"
	"github.com/intake-runtime/intake/persistence"
)

// mediaView is a customer's file as the conversation page shows it: an
// image, a player or a link, from the console's own URL.
type mediaView struct {
	// Kind is image, sticker, audio, video or document: what the page
	// draws.
	Kind string `json:"kind"`
	URL  string `json:"url"`
	// Label names the file for people: "Mensagem de voz", the document's
	// name.
	Label string `json:"label"`
	Voice bool   `json:"voice,omitempty"`
}

// mediaURL is where the console serves the file of a message: under the
// conversation it belongs to, so the route checks both.
func mediaURL(phone, sessionID, messageID string) string {
	return BasePath + "/media/" + messaging.Digits(phone) + "/" + url.PathEscape(sessionID) + "/" + url.PathEscape(messageID)
}

// mediaViewOf is the view of m's file, nil when it has none to show.
func (c *Console) mediaViewOf(m domain.Message) *mediaView {
	if m.Direction != domain.DirectionInbound || m.Media == nil {
		return nil
	}
	kind := m.MessageType
	if !mediafile.Inline(kind) {
		kind = domain.MessageDocument
	}
	v := &mediaView{Kind: string(kind), URL: mediaURL(m.PhoneNumber, m.SessionID, m.MessageID), Voice: m.Media.Voice}
	switch {
	case m.Media.Voice:
		v.Label = c.locale.T("conversation.media.voice")
	case kind == domain.MessageDocument && strings.TrimSpace(m.Media.FileName) != "":
		v.Label = m.Media.FileName
	default:
		v.Label = c.locale.T("conversation.media." + string(kind))
	}
	return v
}

// mediaText is what a media message says beside its file: the caption (or
// whatever the content holds beyond the bare "[type]", which the file
// itself replaces).
func mediaText(m domain.Message) string {
	if m.Content == messaging.Placeholder(m.MessageType) {
		return ""
	}
	return m.Content
}

// mediaAuth answers 401 to requests without a session. Unlike the API's it
// sets no StoreTimeout on the whole request: the file's fetch has a
// deadline of its own (MediaConfig.Timeout), longer than a table read's.
func (c *Console) mediaAuth(ctx *fiber.Ctx) error {
	phone, ok, err := c.operator(ctx)
	if err != nil {
		return c.failJSON(ctx, fiber.StatusServiceUnavailable, "unavailable", "error.session_not_read")
	}
	if !ok {
		return c.failJSON(ctx, fiber.StatusUnauthorized, "unauthorized", "error.unauthorized")
	}
	ctx.Locals(localOperator, phone)
	return ctx.Next()
}

// media serves GET /atendimento/media/{phone}/{session}/{message}: the file
// of a customer's message, fetched from the platform now. Every operator
// may read every conversation, as the conversation page; what is checked is
// that the message is a customer's media message of that conversation, so
// no URL reaches a file through another phone's log.
func (c *Console) media(ctx *fiber.Ctx) error {
	phone, sessionID, err := target(ctx)
	// fiber leaves path parameters escaped; mediaURL escaped the ID.
	messageID, uerr := url.PathUnescape(ctx.Params("message"))
	if err != nil || uerr != nil || messageID == "" {
		return c.failJSON(ctx, fiber.StatusNotFound, "not_found", "error.not_found")
	}
	m, err := c.mediaMessage(ctx.UserContext(), phone, sessionID, messageID)
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return c.failJSON(ctx, fiber.StatusNotFound, "not_found", "error.not_found")
	case err != nil:
		c.log.Error("conversation not read", zap.Error(err))
		return c.failJSON(ctx, fiber.StatusServiceUnavailable, "unavailable", "error.conversation_unread")
	}
	fail := func(status int, code string) error { return c.failJSON(ctx, status, code, "error."+code) }
	if c.deps.Media == nil {
		return fail(fiber.StatusBadGateway, mediafile.CodeUnavailable)
	}
	return mediafile.Serve(ctx, c.deps.Media, m.MessageType, m.Media, c.log, fail)
}

// mediaMessage finds the customer's media message messageID in the log of
// the phone's session, persistence.ErrNotFound when there is none.
func (c *Console) mediaMessage(ctx context.Context, phone, sessionID, messageID string) (domain.Message, error) {
	tctx, cancel := context.WithTimeout(ctx, c.cfg.StoreTimeout)
	defer cancel()
	history, err := c.deps.Messages.List(tctx, phone, sessionID)
	if err != nil {
		return domain.Message{}, err
	}
	for _, m := range history {
		if m.MessageID == messageID && m.Direction == domain.DirectionInbound && m.Media != nil {
			return m, nil
		}
	}
	return domain.Message{}, persistence.ErrNotFound
}
