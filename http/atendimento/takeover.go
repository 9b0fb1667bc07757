package atendimento

import (
	"errors"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/messaging"
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

// find opens the open conversation of a customer's number, so an operator
// can take over one the bot holds: GET /atendimento/find?phone=….
func (c *Console) find(ctx *fiber.Ctx) error {
	phone, err := messaging.NormalizeSender(ctx.Query("phone"))
	if err != nil {
		return fiber.NewError(fiber.StatusBadRequest, c.locale.T("error.bad_customer_phone"))
	}
	s, err := c.deps.Sessions.Active(ctx.UserContext(), phone)
	switch {
	case errors.Is(err, persistence.ErrNotFound) || (err == nil && s.State == domain.StateClosed):
		return fiber.NewError(fiber.StatusNotFound, c.locale.T("error.no_open"))
	case err != nil:
		c.log.Error("active conversation not read", zap.Error(err))
		return fiber.NewError(fiber.StatusServiceUnavailable, c.locale.T("error.conversation_unread"))
	}
	return ctx.Redirect(conversationURL(s.PhoneNumber, s.SessionID), fiber.StatusSeeOther)
}
