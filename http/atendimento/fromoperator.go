package atendimento

import (
	"context"
	"fmt"
	"strings"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/persistence"
)

// FromOperator routes a message that an operator wrote on the messaging
// platform itself (typically a reply to a handoff notice) as if it had been
// typed in the console: when the operator holds exactly one conversation,
// the text is sent to that customer through its session actor.
//
// handled is false only when operatorPhone is not an operator's: the caller
// (the webhook consumer) then treats the message as a customer's. Any message
// from an operator is handled, even one that cannot be routed (the operator
// holds no conversation or several, the window is closed…): the operator is
// then told why on the platform, and nothing reaches a customer. The error
// is for a conversation that did not answer, worth retrying. messageID is the
// platform's ID of the operator's message: the forward's turn marks it
// answered, so a redelivery is recognised and never forwarded twice.
func (c *Console) FromOperator(ctx context.Context, operatorPhone, messageID, text string) (handled bool, err error) {
	phone, err := messaging.NormalizeSender(operatorPhone)
	if err != nil || !c.operators.has(phone) {
		return false, nil
	}
	text = strings.TrimSpace(text)
	entries, err := c.deps.Queue.List(ctx)
	if err != nil {
		return true, fmt.Errorf("atendimento: message from operator: %w", err)
	}
	var held []string
	var heldPhone string
	for _, e := range entries {
		if e.State == persistence.StateHuman && e.AssignedTo == phone {
			held = append(held, e.SessionID)
			heldPhone = e.PhoneNumber
		}
	}
	switch {
	case len(held) == 0:
		c.tell(ctx, phone, "You hold no conversation, so your message was not forwarded. Claim one in the console first: "+BasePath)
		return true, nil
	case len(held) > 1:
		c.tell(ctx, phone, fmt.Sprintf("You hold %d conversations, so your message was not forwarded: answer from the console, where you pick the customer: %s", len(held), BasePath))
		return true, nil
	case text == "":
		return true, nil
	}
	res, err := c.operate(ctx, &sessionpb.OperatorCommand{
		PhoneNumber:   heldPhone,
		SessionId:     held[0],
		OperatorPhone: phone,
		Action:        sessionpb.OperatorAction_OPERATOR_ACTION_SEND,
		Text:          text,
		MessageId:     messageID,
	})
	if err != nil {
		return true, fmt.Errorf("atendimento: message from operator: %w", err)
	}
	if !res.GetOk() && conversation.Refusal(res.GetCode()) != conversation.RefusedDuplicate {
		c.tell(ctx, phone, "Your message was not forwarded to the customer: "+res.GetMessage())
	}
	return true, nil
}

// tell sends a short explanation to an operator; failing it loses nothing
// but the explanation.
func (c *Console) tell(ctx context.Context, operator, text string) {
	if res, err := c.deps.Sender.Send(ctx, operator, text); err != nil || !res.Success {
		c.log.Warn("operator not told why their message was not forwarded", zap.String("detail", res.Detail), zap.Error(err))
	}
}
