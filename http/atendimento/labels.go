package atendimento

import (
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
)

// label answers POST …/conversations/:phone/:session/labels
// {"label": "urgente"} (or with "remove": true): any logged-in operator adds
// a label to an open conversation, or removes one, holder or not. It goes
// through the conversation like every command, so it commits on the
// session's version and two operators labelling at once both keep theirs;
// the answer carries the conversation's labels after it.
func (c *Console) label(ctx *fiber.Ctx) error {
	phone, sessionID, err := target(ctx)
	if err != nil {
		return c.failJSON(ctx, fiber.StatusNotFound, "not_found", "error.not_found")
	}
	var body struct {
		Label  string `json:"label"`
		Remove bool   `json:"remove"`
	}
	if err := ctx.BodyParser(&body); err != nil {
		return c.failJSON(ctx, fiber.StatusBadRequest, "bad_request", "error.bad_body")
	}
	cmd := &sessionpb.OperatorCommand{PhoneNumber: phone, SessionId: sessionID, OperatorPhone: operatorOf(ctx),
		Action: sessionpb.OperatorAction_OPERATOR_ACTION_LABEL, Label: strings.Clone(body.Label), RemoveLabel: body.Remove}
	return c.answer(ctx, cmd, nil)
}

// labelQuery is the ?label= a list is filtered by, as a label reads.
func labelQuery(ctx *fiber.Ctx) string { return domain.NormalizeLabel(ctx.Query("label")) }

// labelsOf is labels for a page's JSON: a list, empty rather than null.
func labelsOf(labels []string) []string {
	if labels == nil {
		return []string{}
	}
	return labels
}
