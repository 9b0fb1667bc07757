package atendimento

import (
	"errors"
	"strings"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// An operator may take a conversation from the bot in any open state: they
// find it by the customer's number, open it, and claim it. Such a claim stops
// the bot at once (conversation.TakeOver), so the console asks first: a claim
// of a conversation the bot answers must carry {"confirm": true}, which the
// page sends only from its confirmation step. Claims of conversations waiting
// for a person need no confirmation.

// codeConfirmTakeover answers an unconfirmed takeover.
const codeConfirmTakeover = "confirm_takeover"

// claimBody is the body of a claim.
type claimBody struct {
	Confirm bool `json:"confirm"`
}

// unconfirmedTakeover reports whether a claim of the conversation would take
// it from the bot without the operator's confirmation. A failed read lets the
// claim through to the session actor, which decides on the stored state.
func (c *Console) unconfirmedTakeover(ctx *fiber.Ctx, phone, sessionID string) bool {
	var body claimBody
	if len(ctx.Body()) > 0 && ctx.BodyParser(&body) == nil && body.Confirm {
		return false
	}
	s, err := c.deps.Sessions.Get(ctx.UserContext(), phone, sessionID)
	if err != nil {
		if !errors.Is(err, persistence.ErrNotFound) {
			c.log.Warn("conversation not read before a claim; the session actor decides", zap.Error(err))
		}
		return false
	}
	return s.AssignedTo == "" && conversation.TakeOver(s)
}

// find opens the open conversation of a customer's number, typed as the
// operator would dial it, so an operator can take over one the bot holds:
// GET /atendimento/find?phone=…. The form is a page's, so what went wrong is
// said on that page, beside the box, never as an error document.
func (c *Console) find(ctx *fiber.Ctx) error {
	typed := ctx.Query("phone")
	phone, err := c.typedPhone(typed)
	if err != nil {
		return c.findFailed(ctx, fiber.StatusBadRequest, typed, "error.bad_customer_phone")
	}
	s, err := c.deps.Sessions.Active(ctx.UserContext(), phone)
	switch {
	case errors.Is(err, persistence.ErrNotFound) || (err == nil && s.State == domain.StateClosed):
		return c.findFailed(ctx, fiber.StatusNotFound, typed, "error.no_open")
	case err != nil:
		c.log.Error("active conversation not read", zap.Error(err))
		return c.findFailed(ctx, fiber.StatusServiceUnavailable, typed, "error.conversation_unread")
	}
	return ctx.Redirect(conversationURL(s.PhoneNumber, s.SessionID), fiber.StatusSeeOther)
}

// findFailed answers a search of the take-over box with the queue page, the
// typed number kept in the box and the reason (key of the catalogue) below
// it.
func (c *Console) findFailed(ctx *fiber.Ctx, status int, typed, key string) error {
	operator := operatorOf(ctx)
	v, err := c.queueView(ctx.UserContext(), operator, "")
	if err != nil {
		c.log.Error("handoff queue not read", zap.Error(err))
		return fiber.NewError(fiber.StatusServiceUnavailable, c.locale.T("error.queue_unavailable"))
	}
	v.Find = findForm{Phone: strings.Clone(typed), Error: c.locale.T(key)}
	return c.render(ctx, status, "queue", page{Title: c.locale.T("queue.title"), Page: "queue", Operator: operator, Data: v})
}
