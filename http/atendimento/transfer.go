package atendimento

import (
	"errors"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/persistence"
)

// transfer answers POST …/conversations/:phone/:session/transfer
// {"to": "+55…"}: the operator holding the conversation hands it to another
// enabled operator of the roster, through the session actor like every command, and
// the new holder is told on their phone, as handoff notices tell them.
func (c *Console) transfer(ctx *fiber.Ctx) error {
	phone, sessionID, err := target(ctx)
	if err != nil {
		return c.failJSON(ctx, fiber.StatusNotFound, "not_found", "error.not_found")
	}
	var body struct {
		To string `json:"to"`
	}
	if err := ctx.BodyParser(&body); err != nil {
		return c.failJSON(ctx, fiber.StatusBadRequest, "bad_request", "error.bad_body")
	}
	to, err := c.typedPhone(body.To)
	if err != nil {
		return c.failJSON(ctx, fiber.StatusBadRequest, "unknown_operator", "tools.error.unknown_operator")
	}
	// The record is read fresh: a person disabled a moment ago is refused
	// at once, and one added in admin is a target without waiting.
	rec, err := c.deps.Roster.Get(ctx.UserContext(), to)
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return c.failJSON(ctx, fiber.StatusBadRequest, "unknown_operator", "tools.error.unknown_operator")
	case err != nil:
		return err
	case rec.Disabled:
		return c.failJSON(ctx, fiber.StatusConflict, "operator_disabled", "tools.error.operator_disabled")
	}
	from := operatorOf(ctx)
	cmd := &sessionpb.OperatorCommand{PhoneNumber: phone, SessionId: sessionID, OperatorPhone: from,
		Action: sessionpb.OperatorAction_OPERATOR_ACTION_TRANSFER, ToOperator: to}
	return c.answer(ctx, cmd, func() {
		link := c.cfg.ConsoleURL + "/conversations/" + messaging.Digits(phone) + "/" + sessionID
		c.deliver(to, c.locale.T("tools.transfer.notice", from, phone, link), "transfer notice not delivered")
	})
}
