package handoff

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/redact"
	"github.com/intake-runtime/intake/locale"
)

// Conversations applies operator commands to conversations through their
// session actors; the session supervisor implements it. A refusal is an
// OperatorResult with ok=false and a code; the error is for a command that
// got no answer.
type Conversations interface {
	Operate(ctx context.Context, cmd *sessionpb.OperatorCommand) (*sessionpb.OperatorResult, error)
}

// OperatorMessages routes the messages operators write on the messaging platform
// itself (typically replies to handoff notices) as if typed in the console:
// when the operator holds exactly one conversation, the text goes to that
// customer through its session actor, serialised with the customer's turns.
// It is safe for concurrent use.
type OperatorMessages struct {
	operators     Operators
	roster        *Roster
	queue         *Queue
	conversations Conversations
	sender        messaging.Sender
	consoleURL    string
	locale        locale.Locale
	log           *zap.Logger
}

// forwardTimeout bounds one forward, as the console bounds a command.
const forwardTimeout = 30 * time.Second

// OperatorMessagesConfig configures OperatorMessages.
type OperatorMessagesConfig struct {
	// Roster, when set, tells who is an operator: its last read (Known),
	// so a person added in admin is routed as an operator and a disabled
	// one is not, and no message waits for the table. Nil: Operators.
	Roster *Roster
	// Operators are a fixed list of operators' numbers, any formatting,
	// used when Roster is nil.
	Operators []string
	// ConsoleURL is the operator console's address, named when a message
	// cannot be forwarded.
	ConsoleURL string
	// Lang and Zone are the language and clock operators are told in
	// (UI_LANG, UI_TIMEZONE); empty, the console's defaults.
	Lang locale.Lang
	Zone *time.Location
}

// NewOperatorMessages returns the router of operators' messages. sender tells an
// operator why a message was not forwarded.
func NewOperatorMessages(cfg OperatorMessagesConfig, queue *Queue, conversations Conversations, sender messaging.Sender, logger *zap.Logger) (*OperatorMessages, error) {
	if queue == nil || conversations == nil || sender == nil {
		return nil, errors.New("handoff: OperatorMessages needs a queue, the conversations and a sender")
	}
	ops, err := NewOperators(cfg.Operators)
	if err != nil {
		return nil, err
	}
	loc, err := NewLocale(cfg.Lang, cfg.Zone)
	if err != nil {
		return nil, fmt.Errorf("handoff: %w", err)
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	return &OperatorMessages{operators: ops, roster: cfg.Roster, queue: queue, conversations: conversations, sender: sender,
		consoleURL: cfg.ConsoleURL, locale: loc, log: logger.Named("handoff.replies")}, nil
}

// isOperator reports whether phone is an enabled operator's, from the
// roster's last read (never a table request: this runs on every inbound
// message) or the fixed list without a roster.
func (r *OperatorMessages) isOperator(phone string) bool {
	if r.roster != nil {
		return r.roster.Known().Has(phone)
	}
	return r.operators.Has(phone)
}

// Route routes an operator's message, turn. handled is false only when the
// sender is not an operator: the caller (the queue consumer) then
// treats the message as a customer's. Any message from an operator is
// handled, even one that cannot be routed (the operator holds no
// conversation or several, the window is closed…): the operator is then
// told why on the platform, at the number the platform gave (ReplyTo, the
// form without the ninth digit it may know them by), and nothing reaches a
// customer. The error is for
// a conversation that did not answer, worth retrying. messageID is the
// platform's ID of the operator's message: the forward's turn marks it
// answered, so a redelivery is recognised and never forwarded twice.
func (r *OperatorMessages) Route(ctx context.Context, turn domain.InboundTurn) (handled bool, err error) {
	phone, err := messaging.NormalizeSender(turn.PhoneNumber)
	if err != nil || !r.isOperator(phone) {
		return false, nil
	}
	replyTo := cmp.Or(turn.ReplyTo, phone)
	messageID, text := turn.MessageID, strings.TrimSpace(turn.Content)
	entries, err := r.queue.List(ctx)
	if err != nil {
		return true, fmt.Errorf("handoff: message from operator: %w", err)
	}
	var held []Entry
	for _, e := range entries {
		if e.State == domain.StateHuman && e.AssignedTo == phone {
			held = append(held, e)
		}
	}
	switch {
	case len(held) == 0:
		r.tell(ctx, replyTo, r.locale.T("handoff.reply.holds_none", r.consoleURL))
		return true, nil
	case len(held) > 1:
		r.tell(ctx, replyTo, r.locale.T("handoff.reply.holds_several", len(held), r.consoleURL))
		return true, nil
	case text == "":
		return true, nil
	}
	log := r.log.With(zap.String("session_id", held[0].SessionID), redact.Phone("operator", phone))
	opCtx, cancel := context.WithTimeout(ctx, forwardTimeout)
	defer cancel()
	res, err := r.conversations.Operate(opCtx, &sessionpb.OperatorCommand{
		PhoneNumber:   held[0].PhoneNumber,
		SessionId:     held[0].SessionID,
		OperatorPhone: phone,
		Action:        sessionpb.OperatorAction_OPERATOR_ACTION_SEND,
		Text:          text,
		MessageId:     messageID,
	})
	switch {
	case err != nil:
		log.Error("operator's message got no answer", zap.Error(err))
		return true, fmt.Errorf("handoff: message from operator: %w", err)
	case res.GetOk():
		log.Info("operator's message forwarded")
	case conversation.Refusal(res.GetCode()) != conversation.RefusedDuplicate:
		log.Info("operator's message refused", zap.String("code", res.GetCode()))
		r.tell(ctx, replyTo, r.locale.T("handoff.reply.refused", res.GetMessage()))
	}
	return true, nil
}

// tell sends a short explanation to an operator; failing it loses nothing
// but the explanation.
func (r *OperatorMessages) tell(ctx context.Context, operator, text string) {
	if res, err := r.sender.Send(ctx, operator, text); err != nil || !res.Success {
		r.log.Warn("operator not told why their message was not forwarded", zap.String("detail", redact.Personal(res.Detail)), zap.Error(err))
	}
}
