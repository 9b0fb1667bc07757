package atendimento

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/internal/redact"
	"github.com/intake-runtime/intake/persistence"
)

// refusalStatus is the HTTP status of each refusal code of an OperatorResult;
// a code missing here answers 409.
var refusalStatus = map[conversation.Refusal]int{
	conversation.RefusedNotFound:     fiber.StatusNotFound,
	conversation.RefusedStale:        fiber.StatusConflict,
	conversation.RefusedClaimed:      fiber.StatusConflict,
	conversation.RefusedNotAssigned:  fiber.StatusForbidden,
	conversation.RefusedState:        fiber.StatusConflict,
	conversation.RefusedWindowClosed: fiber.StatusUnprocessableEntity,
	conversation.RefusedEmptyText:    fiber.StatusBadRequest,
	conversation.RefusedTextTooLong:  fiber.StatusBadRequest,
	conversation.RefusedFailed:       fiber.StatusBadGateway,
	// labels.go
	conversation.RefusedLabelEmpty:    fiber.StatusBadRequest,
	conversation.RefusedLabelTooLong:  fiber.StatusBadRequest,
	conversation.RefusedTooManyLabels: fiber.StatusUnprocessableEntity,
}

// actionResult is the JSON answer of an accepted command.
type actionResult struct {
	OK         bool   `json:"ok"`
	State      string `json:"state"`
	AssignedTo string `json:"assigned_to"`
	MessageID  string `json:"message_id,omitempty"`
	// Labels are the conversation's labels after a label command.
	Labels []string `json:"labels,omitempty"`
}

// act applies one operator command: POST …/conversations/:phone/:session/:action
// with {"text": "…"} for send, {"confirm": true} for a claim that takes the
// conversation from the bot (takeover.go).
func (c *Console) act(ctx *fiber.Ctx) error {
	action, ok := conversation.OperatorAction(ctx.Params("action"))
	if !ok {
		return c.failJSON(ctx, fiber.StatusNotFound, "not_found", "error.unknown_action")
	}
	phone, sessionID, err := target(ctx)
	if err != nil {
		return c.failJSON(ctx, fiber.StatusNotFound, "not_found", "error.not_found")
	}
	cmd := &sessionpb.OperatorCommand{PhoneNumber: phone, SessionId: sessionID, OperatorPhone: operatorOf(ctx), Action: action}
	if action == sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM && c.unconfirmedTakeover(ctx, phone, sessionID) {
		return c.failJSON(ctx, fiber.StatusConflict, codeConfirmTakeover, "error.confirm_takeover")
	}
	if action == sessionpb.OperatorAction_OPERATOR_ACTION_SEND {
		var body struct {
			Text string `json:"text"`
		}
		if err := ctx.BodyParser(&body); err != nil {
			return c.failJSON(ctx, fiber.StatusBadRequest, "bad_request", "error.bad_body")
		}
		cmd.Text = strings.TrimSpace(body.Text)
		if r := c.checkText(ctx.UserContext(), phone, sessionID, cmd.Text); r != nil {
			return c.refusal(ctx, refusalStatus[r.Code], string(r.Code), r.Message)
		}
		cmd.Text = c.signed(ctx.UserContext(), cmd.OperatorPhone, cmd.Text)
	}
	return c.answer(ctx, cmd, nil)
}

// answer applies cmd and answers the operator: the result of an accepted
// command, the refusal's status and code otherwise. applied, when given,
// runs once the command is accepted.
func (c *Console) answer(ctx *fiber.Ctx, cmd *sessionpb.OperatorCommand, applied func()) error {
	cmd.Source = c.source(ctx) // for the audit entry the command commits with
	res, err := c.operate(ctx.UserContext(), cmd)
	if err != nil {
		return c.failJSON(ctx, fiber.StatusServiceUnavailable, "unavailable", "error.no_answer")
	}
	if !res.GetOk() {
		status, known := refusalStatus[conversation.Refusal(res.GetCode())]
		if !known {
			status = fiber.StatusConflict
		}
		return c.refusal(ctx, status, res.GetCode(), res.GetMessage())
	}
	if applied != nil {
		applied()
	}
	return ctx.JSON(fiber.Map{"result": actionResult{OK: true, State: res.GetState(), AssignedTo: res.GetAssignedTo(), MessageID: res.GetMessageId(),
		Labels: res.GetLabels()}})
}

// checkText refuses a message the platform would refuse, with the reason:
// empty, too long, or outside the 24-hour customer-service window. The
// session actor checks the window again when it sends; this check gives the
// operator the explanation at once.
func (c *Console) checkText(ctx context.Context, phone, sessionID, text string) *conversation.Refused {
	switch {
	case text == "":
		return &conversation.Refused{Code: conversation.RefusedEmptyText}
	case utf8.RuneCountInString(text) > messaging.MaxTextRunes:
		return &conversation.Refused{Code: conversation.RefusedTextTooLong}
	}
	history, err := c.deps.Messages.List(ctx, phone, sessionID)
	if err != nil {
		if errors.Is(err, persistence.ErrNotFound) {
			return &conversation.Refused{Code: conversation.RefusedNotFound}
		}
		c.log.Warn("history not read before a send; the session actor checks the window", zap.Error(err))
		return nil
	}
	if !conversation.WindowAt(history, c.cfg.Now()).Open {
		return &conversation.Refused{Code: conversation.RefusedWindowClosed}
	}
	return nil
}

// operate sends a command to the conversation and logs what came of it.
func (c *Console) operate(ctx context.Context, cmd *sessionpb.OperatorCommand) (*sessionpb.OperatorResult, error) {
	ctx, cancel := context.WithTimeout(ctx, c.cfg.CommandTimeout)
	defer cancel()
	res, err := c.deps.Conversations.Operate(ctx, cmd)
	log := c.log.With(zap.String("session_id", cmd.GetSessionId()), zap.String("action", cmd.GetAction().String()),
		redact.Phone("operator", cmd.GetOperatorPhone()))
	switch {
	case err != nil:
		log.Error("operator command got no answer", zap.Error(err))
		return nil, err
	case !res.GetOk():
		log.Info("operator command refused", zap.String("code", res.GetCode()))
	default:
		log.Info("operator command applied", zap.String("state", res.GetState()))
	}
	return res, nil
}
