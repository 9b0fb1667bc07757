package messaging

import (
	"context"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/persistence"
)

// Send asks a conversation's messaging child to send Text to the phone To.
// Ref is echoed back in Sent so the parent knows which logged message the
// outcome belongs to; it must be an immutable value.
type Send struct {
	To   string
	Text string
	Ref  any
}

// Sent is the messaging child's report of one Send, sent to its parent.
type Sent struct {
	Ref      any
	Response persistence.StubResponse
}

// MarkRead asks the messaging child to mark an inbound message as read and
// show the typing indicator: a reply is on its way. Nothing is reported back.
type MarkRead struct{ MessageID string }

// sendTimeout bounds one send including pacing waits.
const sendTimeout = time.Minute

// Props returns the props of a conversation's messaging child. It sends one
// message at a time, so a conversation's replies reach the platform in order,
// and it never blocks the session actor: pacing waits happen here.
func Props(sender Sender, logger *zap.Logger) *actor.Props {
	return actor.PropsFromProducer(func() actor.Actor { return &child{sender: sender, logger: logger} })
}

type child struct {
	sender Sender
	logger *zap.Logger
}

func (c *child) Receive(ctx actor.Context) {
	call, cancel := context.WithTimeout(context.Background(), sendTimeout)
	defer cancel()
	switch msg := ctx.Message().(type) {
	case *Send:
		res, err := c.sender.Send(call, msg.To, msg.Text)
		if err != nil {
			c.logger.Warn("reply not sent", zap.Error(err))
		}
		ctx.Send(ctx.Parent(), &Sent{Ref: msg.Ref, Response: res})
	case *MarkRead:
		if _, err := c.sender.MarkRead(call, msg.MessageID); err != nil {
			c.logger.Debug("mark-read not sent", zap.Error(err))
		}
	}
}
