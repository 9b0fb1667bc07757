package atendimento

import (
	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/sessionpb"
)

// transfer answers POST …/conversations/:phone/:session/transfer
// {"to": "+55…"}: the operator holding the conversation hands it to another
// operator of the list, through the session actor like every command, and
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
	if err != nil || !c.operators.Has(to) {
		return c.failJSON(ctx, fiber.StatusBadRequest, "unknown_operator", "tools.error.unknown_operator")
	}
	from := operatorOf(ctx)
	cmd := &sessionpb.OperatorCommand{PhoneNumber: phone, SessionId: sessionID, OperatorPhone: from,
		Action: sessionpb.OperatorAction_OPERATOR_ACTION_TRANSFER, ToOperator: to}
	return c.answer(ctx, cmd, func() {
		link := c.cfg.ConsoleURL + "/conversations/" + messaging.Digits(phone) + "/" + sessionID
		c.deliver(to, c.locale.T("tools.transfer.notice", from, phone, link), "transfer notice not delivered")
	})
}
