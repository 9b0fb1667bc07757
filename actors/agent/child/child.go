// Package child is the agent child actor of a conversation: it runs the model
// calls of one session actor one at a time, off the session's mailbox, and
// reports each answer to its parent. It is apart from package agent so that
// the pure agent types carry no actor library to the packages that use them.
package child

import (
	"context"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"github.com/intake-runtime/intake/actors/agent"
)

// Call asks the agent child of a conversation for one model answer. Seq lets
// the conversation tell the answer of its current turn from a late one.
type Call struct {
	Seq     uint64
	Request agent.Request
}

// Answer is the agent child's reply to a Call, sent to its parent.
type Answer struct {
	Seq    uint64
	Result agent.LLMCallResult
	Err    error
}

// callTimeout bounds one call including the model client's own retries, so a
// hung provider cannot hold a conversation forever.
const callTimeout = 3 * time.Minute

// Props returns the props of a conversation's agent child: it runs the model
// calls one at a time, off the session actor's mailbox, and sends each Answer
// to its parent.
func Props(model agent.Model) *actor.Props {
	return actor.PropsFromProducer(func() actor.Actor { return &caller{model: model} })
}

type caller struct{ model agent.Model }

func (c *caller) Receive(ctx actor.Context) {
	call, ok := ctx.Message().(*Call)
	if !ok {
		return
	}
	callCtx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	result, err := c.model.Call(callCtx, call.Request)
	ctx.Send(ctx.Parent(), &Answer{Seq: call.Seq, Result: result, Err: err})
}
