package session

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/asynkron/protoactor-go/actor"
)

// Grains is the session side of a clustered deployment: the props of the
// conversation actors this node hosts as cluster grains, one per phone,
// wherever the cluster places them. It shares the conversation rules with
// the local Supervisor; only addressing differs (the cluster's identity
// lookup instead of the supervisor's map), so the cluster package above it
// owns the routing and this one the conversation.
type Grains struct {
	deps  *Deps
	store Store
	live  liveGrains
}

// The messages a grain logs (at INFO, with its phone) when it starts and
// when it has stopped. In a cluster where a phone's conversation runs is
// the question an operator asks during a topology change, and the pair is
// the record of it: between the two the activation may read and commit, and
// before the first and after the second it does nothing (Stopped comes after
// its work is stopped). A local supervisor's actors do not log them: on one
// node the answer is always the same.
const (
	logActivated   = "conversation activated"
	logDeactivated = "conversation stopped"
)

// NewGrains validates deps for the conversations this node will host.
func NewGrains(deps Deps) (*Grains, error) {
	if err := deps.validate(); err != nil {
		return nil, err
	}
	return &Grains{deps: &deps, store: deps.Store}, nil
}

// Props are the props of the cluster kind whose activations are
// conversations: phoneOf reads an activation's phone (its cluster identity)
// from its context when it starts. An activation stops itself when idle,
// and on Forget.
//
// hosts says whether this member may run the conversation of a phone now:
// it has joined, every member agrees on the topology, and the phone is its
// own in it. An activation it refuses stops at once, before it reads the
// table or logs its start, and answers what reached it as a dead letter, so
// the caller's cluster request looks the phone up again (a member that has
// just restarted, or a caller that placed the phone on a topology the
// others have left, would otherwise start a second live activation).
//
// wake wakes the conversation of a phone wherever it runs now
// (Supervisor.Wake): an activation stopped while its turn's commit landed
// calls it, so the activation that took the phone over, which may have
// loaded before that commit, sends the reply it left.
func (g *Grains) Props(phoneOf func(actor.Context) string, hosts func(phone string) bool, wake func(phone string)) *actor.Props {
	return actor.PropsFromProducer(func() actor.Actor {
		c := newConversation("", g.deps, nil, phoneOf)
		c.hosts, c.wake, c.live = hosts, wake, &g.live
		return c
	})
}

// WaitingPhones lists the phones whose conversation has work no message
// will trigger (Store.WaitingPhones), for the cluster's Recover.
func (g *Grains) WaitingPhones(ctx context.Context) ([]string, error) {
	return waitingPhones(ctx, g.store)
}

func waitingPhones(ctx context.Context, store Store) ([]string, error) {
	phones, err := store.WaitingPhones(ctx)
	if err != nil {
		return nil, fmt.Errorf("session: find conversations with work waiting: %w", err)
	}
	return phones, nil
}

// Drain waits until no turn of this node's activations is in flight, or
// until ctx is done (Supervisor.Drain).
func (g *Grains) Drain(ctx context.Context) error { return drain(ctx, g.deps.running) }

// drain waits until running is zero or ctx is done.
func drain(ctx context.Context, running *atomic.Int64) error {
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for running.Load() > 0 {
		select {
		case <-ctx.Done():
			return fmt.Errorf("session: %d turns still in flight: %w", running.Load(), ctx.Err())
		case <-tick.C:
		}
	}
	return nil
}
