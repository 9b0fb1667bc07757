package dashboard

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/persistence"
)

// The chat panel is the customer's phone: it shows the conversation as the
// customer sees it, from the table, so a reload keeps it and the messages
// nobody typed on the page (an operator's, a renotification) appear too.

// PhoneMessage is one message on the customer's phone.
type PhoneMessage struct {
	// From is "customer", "bot" or "operator".
	From string    `json:"from"`
	Text string    `json:"text"`
	At   time.Time `json:"at"`
	// Meta is a short note for the developer: the state after a bot reply
	// and its agent, or the operator's number.
	Meta string `json:"meta,omitempty"`
	// Options are the choices a bot reply offers, shown as buttons a click
	// answers with; Text is then the reply without them. With
	// Config.NumberedOptions they stay numbered in Text instead.
	Options []string `json:"options,omitempty"`
}

// PhoneView is what GET /dashboard/phone/{phone} answers.
type PhoneView struct {
	// State is the active session's state ("" without one): the page words
	// the absence of a reply after it (queued for a person, or held by one).
	State    string         `json:"state"`
	Messages []PhoneMessage `json:"messages"`
}

// phone serves GET /dashboard/phone/{phone}: the active session's messages
// as the customer's phone shows them (domain.Message.CustomerText),
// oldest first; an empty list without an active session.
func (h *Handler) phone(c *fiber.Ctx) error {
	phone, err := pathPhone(c.Params("phone"))
	if err != nil {
		return httperr.Write(c, fiber.StatusBadRequest, "invalid_phone", "the path must end with a phone number with digits")
	}
	if h.deps.Messages == nil {
		return httperr.Write(c, fiber.StatusServiceUnavailable, "messages_unavailable", "this dashboard was started without the message log")
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), h.cfg.Timeout)
	defer cancel()
	view := PhoneView{Messages: []PhoneMessage{}}
	s, err := h.deps.Sessions.Active(ctx, phone)
	if errors.Is(err, persistence.ErrNotFound) {
		return c.JSON(view)
	}
	var log []domain.Message
	if err == nil {
		log, err = h.deps.Messages.List(ctx, phone, s.SessionID)
	}
	if err != nil {
		h.logger.Error("conversation read failed", zap.Error(err))
		return httperr.Write(c, fiber.StatusServiceUnavailable, "table_unavailable", "the conversation could not be read; see the logs")
	}
	view.State = string(s.State)
	for _, m := range log {
		if text := m.CustomerText(); text != "" {
			pm := phoneMessage(m, text)
			if len(m.Options) > 0 && !h.cfg.NumberedOptions {
				pm.Text, pm.Options = strings.TrimSpace(m.CleanMessageSent), m.Options
			}
			view.Messages = append(view.Messages, pm)
		}
	}
	return c.JSON(view)
}

func phoneMessage(m domain.Message, text string) PhoneMessage {
	switch {
	case m.Direction == domain.DirectionInbound:
		return PhoneMessage{From: "customer", Text: text, At: m.Timestamp}
	case m.OperatorPhone != "":
		return PhoneMessage{From: "operator", Text: text, At: m.Timestamp, Meta: "operator " + m.OperatorPhone}
	}
	meta := string(m.StateAfter)
	if m.Agent != "" {
		meta += " · " + string(m.Agent)
	}
	return PhoneMessage{From: "bot", Text: text, At: m.Timestamp, Meta: meta}
}
