// Package chat serves POST /chat: the emulator's synchronous chat. A message
// typed on the dashboard goes through the same session actor as a platform
// message, flushed at once instead of debounced, and the bot's reply comes
// back in the response.
//
// It reaches conversations through the Conversations interface, never a PID.
// It must not import runtime, emulator or cmd.
package chat

import (
	"context"
	"errors"
	"fmt"
	"html"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
	"go.uber.org/zap"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/http/bodylimit"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/http/sameorigin"
	"github.com/intake-runtime/intake/http/secheaders"
)

// Conversations runs one chat turn and returns its reply.
type Conversations interface {
	Chat(ctx context.Context, req *sessionpb.ChatRequest) (*sessionpb.ChatReply, error)
}

// Config configures the chat handler.
type Config struct {
	// Instance is the messaging instance chat turns belong to: the spec's
	// form selector instance-input is ignored, so it is always the default.
	Instance string
	// Timeout bounds one chat turn, model calls included. Default 2 minutes.
	Timeout time.Duration
	// Now is the clock; default time.Now.
	Now func() time.Time
}

// Handler serves POST /chat.
type Handler struct {
	cfg    Config
	conv   Conversations
	logger *zap.Logger
}

// New returns the chat handler.
func New(cfg Config, conv Conversations, logger *zap.Logger) (*Handler, error) {
	if cfg.Instance == "" {
		return nil, errors.New("chat: Config.Instance is required")
	}
	if conv == nil {
		return nil, errors.New("chat: a Conversations implementation is required")
	}
	if cfg.Timeout == 0 {
		cfg.Timeout = 2 * time.Minute
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Handler{cfg: cfg, conv: conv, logger: logger}, nil
}

// Register mounts POST /chat on r. Another site's page cannot post it (a
// cross-site POST would spend model tokens and send a real message to a
// number of its choosing): see http/sameorigin.
func (h *Handler) Register(r fiber.Router) {
	r.Post("/chat", secheaders.New(secheaders.Strict), sameorigin.Check, bodylimit.JSON(MaxBodyBytes), h.chat)
}

// MaxBodyBytes bounds a chat post: a phone number and one message of at
// most messaging.MaxTextRunes characters, as a customer could send.
const MaxBodyBytes = 64 << 10

// Reply is the JSON answer of POST /chat.
type Reply struct {
	Reply        string `json:"reply"`
	SessionID    string `json:"session_id"`
	State        string `json:"state"`
	CurrentAgent string `json:"current_agent"`
	PhoneNumber  string `json:"phone_number"`
	// Options are the choices the reply offers, as buttons that answer with
	// their title; none when it offers none or interactive messages are off
	// (Reply then holds them numbered).
	Options []string `json:"options,omitempty"`
}

func (h *Handler) chat(c *fiber.Ctx) error {
	phone, err := messaging.NormalizeSender(c.FormValue("phone-input"))
	if err != nil {
		return httperr.Write(c, fiber.StatusBadRequest, "invalid_phone", "phone-input must hold a phone number with digits")
	}
	content := strings.TrimSpace(c.FormValue("content"))
	if content == "" {
		return httperr.Write(c, fiber.StatusBadRequest, "empty_content", "content must not be empty")
	}
	if utf8.RuneCountInString(content) > messaging.MaxTextRunes {
		return httperr.Write(c, fiber.StatusUnprocessableEntity, "content_too_long",
			fmt.Sprintf("content is over %d characters, a WhatsApp message's bound", messaging.MaxTextRunes))
	}
	// FormValue returns fiber's buffers: the turn outlives the handler, so copy.
	content = strings.Clone(content)
	ctx, cancel := context.WithTimeout(c.UserContext(), h.cfg.Timeout)
	defer cancel()
	reply, err := h.conv.Chat(ctx, &sessionpb.ChatRequest{Turn: &sessionpb.InboundTurn{
		PhoneNumber: phone,
		MessageId:   "chat-" + uuid.NewString(),
		Content:     content,
		ReceivedAt:  timestamppb.New(h.cfg.Now()),
		Instance:    h.cfg.Instance,
		MessageType: "text",
	}})
	if err != nil {
		h.logger.Error("chat turn failed", zap.Error(err))
		return httperr.Write(c, fiber.StatusServiceUnavailable, "turn_failed", "the conversation did not answer; try again")
	}
	if reply.GetError() != "" {
		return httperr.Write(c, fiber.StatusServiceUnavailable, "turn_failed", reply.GetError())
	}
	out := Reply{
		Reply:        reply.GetReply(),
		SessionID:    reply.GetSessionId(),
		State:        reply.GetState(),
		CurrentAgent: reply.GetCurrentAgent(),
		PhoneNumber:  phone,
		Options:      reply.GetOptions(),
	}
	if c.Accepts(fiber.MIMETextHTML, fiber.MIMEApplicationJSON) == fiber.MIMEApplicationJSON {
		return c.JSON(out)
	}
	c.Type("html", "utf-8")
	return c.SendString(fragment(out))
}

// fragment renders the reply as the HTML snippet the dashboard appends to its
// transcript; every value is escaped.
func fragment(r Reply) string {
	var b strings.Builder
	b.WriteString(`<div class="bot-message" data-session-id="`)
	b.WriteString(html.EscapeString(r.SessionID))
	b.WriteString(`" data-state="`)
	b.WriteString(html.EscapeString(r.State))
	b.WriteString(`" data-agent="`)
	b.WriteString(html.EscapeString(r.CurrentAgent))
	b.WriteString(`">`)
	if r.Reply == "" {
		b.WriteString(`<em>(no reply: a person holds this conversation)</em>`)
	} else {
		b.WriteString(html.EscapeString(r.Reply))
	}
	if len(r.Options) > 0 {
		b.WriteString(`<div class="options">`)
		for _, o := range r.Options {
			b.WriteString(`<button type="button" class="option">`)
			b.WriteString(html.EscapeString(o))
			b.WriteString(`</button>`)
		}
		b.WriteString(`</div>`)
	}
	b.WriteString(`</div>`)
	return b.String()
}
