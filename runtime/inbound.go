package runtime

import (
	"context"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/inbound"
)

// inboundTurns is the conversations as the inbound package hands them
// turns: the receipt's turn in the conversation's wire form.
type inboundTurns struct{ conv Conversations }

var _ inbound.Conversations = inboundTurns{}

// Deliver implements inbound.Conversations.
func (c inboundTurns) Deliver(ctx context.Context, turn domain.InboundTurn) error {
	_, err := c.conv.Deliver(ctx, session.ProtoTurn(turn))
	return err
}

// Wake implements inbound.Conversations.
func (c inboundTurns) Wake(phone string) { c.conv.Wake(phone) }

// deliverer is the handler of the inbound queue: turns to the conversations,
// operators' messages to the conversations they hold.
func (a *App) deliverer() (*inbound.Deliverer, error) {
	deps := inbound.DelivererDeps{Table: a.table, Conversations: inboundTurns{a.conversations}, Now: a.now}
	if a.replies != nil {
		deps.Operators = a.replies
	}
	return inbound.NewDeliverer(deps, a.logger.Named("consumer"))
}

// recovery is the sweep of acknowledged work that Run keeps running.
func (a *App) recovery() (*inbound.Recovery, error) {
	return inbound.NewRecovery(inbound.RecoveryConfig{After: a.cfg.Recovery.After, Now: a.now,
		Interval: a.cfg.Recovery.Interval, LastWork: a.signals.LastWork},
		inbound.RecoveryDeps{Table: a.table, Queue: a.queue, Conversations: inboundTurns{a.conversations}},
		a.logger.Named("recovery"))
}
