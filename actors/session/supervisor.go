package session

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"github.com/intake-runtime/intake/actors/sessionpb"
)

// Supervisor is the local implementation of conversation addressing: it owns
// one supervisor actor that spawns the session actor of a phone on first use,
// routes every turn of that phone to it and stops it when it reports idle.
// A session actor that panics is restarted (protoactor's default strategy)
// and recovers from its snapshot.
//
// Its methods are safe for concurrent use. Callers never see a PID.
type Supervisor struct {
	root    *actor.RootContext
	pid     *actor.PID
	store   Store
	running *atomic.Int64
}

// ErrStopped reports a request that reached a stopped actor: a call made
// after Stop, or while the actor system stops.
var ErrStopped = errors.New("session: supervisor stopped")

// NewSupervisor spawns the supervisor actor in system. deps are shared,
// read-only, by every session actor it spawns.
func NewSupervisor(system *actor.ActorSystem, deps Deps) (*Supervisor, error) {
	if err := deps.validate(); err != nil {
		return nil, err
	}
	props := actor.PropsFromProducer(func() actor.Actor {
		return &supervisor{deps: &deps, children: map[string]*childRef{}, phones: map[string]string{}}
	})
	pid, err := system.Root.SpawnNamed(props, "sessions")
	if err != nil {
		return nil, fmt.Errorf("session: spawn supervisor: %w", err)
	}
	return &Supervisor{root: system.Root, pid: pid, store: deps.Store, running: deps.running}, nil
}

// Deliver hands turn to the conversation of its phone and returns once the
// conversation holds the turn (or recognised it as a duplicate); the turn's
// receipt keeps it durable. An error means the turn was not accepted and the
// caller must retry it.
func (s *Supervisor) Deliver(ctx context.Context, turn *sessionpb.InboundTurn) (*sessionpb.TurnAck, error) {
	if err := CheckTurn(turn); err != nil {
		return nil, err
	}
	ack, err := ask[*sessionpb.TurnAck](ctx, s, turn)
	if err == nil {
		err = Taken(turn, ack)
	}
	return ack, err
}

// Chat runs the request's turn at once (no debounce) and returns the reply.
func (s *Supervisor) Chat(ctx context.Context, req *sessionpb.ChatRequest) (*sessionpb.ChatReply, error) {
	if err := CheckTurn(req.GetTurn()); err != nil {
		return nil, err
	}
	return ask[*sessionpb.ChatReply](ctx, s, req)
}

// Operate applies an operator's action to the conversation of cmd's phone.
// A refusal (another operator claimed it first, the 24-hour window closed…)
// is an OperatorResult with ok=false and a code, not an error.
func (s *Supervisor) Operate(ctx context.Context, cmd *sessionpb.OperatorCommand) (*sessionpb.OperatorResult, error) {
	if err := CheckCommand(cmd); err != nil {
		return nil, err
	}
	return ask[*sessionpb.OperatorResult](ctx, s, cmd)
}

// Recover wakes the conversation of every phone with work no message will
// trigger, so replies committed before a crash or a stop are sent without
// waiting for the customer to write again, and queued handoffs keep their
// renotifications. It returns how many it woke. (Messages acknowledged and
// not answered come back through the recovery sweep of their receipts.)
func (s *Supervisor) Recover(ctx context.Context) (int, error) {
	phones, err := waitingPhones(ctx, s.store)
	if err != nil {
		return 0, err
	}
	for _, phone := range phones {
		s.Wake(phone)
	}
	return len(phones), nil
}

// Wake starts the conversation of phone if it is not running, so that work
// it holds in the table (unsent replies, a queued handoff) is taken up; a
// running conversation is not disturbed.
func (s *Supervisor) Wake(phone string) {
	s.root.Send(s.pid, &sessionpb.Wake{PhoneNumber: phone})
}

// Holds reports whether the conversation of phone holds messageID: buffered,
// or in the turn under way. It starts the conversation when it is not
// running (which then holds nothing yet). The replay harness uses it to know
// a message reached a conversation whose turn is still running.
func (s *Supervisor) Holds(ctx context.Context, phone, messageID string) (bool, error) {
	res, err := ask[*holding](ctx, s, &holdsQuery{phone: phone, messageID: messageID})
	if err != nil {
		return false, err
	}
	return res.yes, nil
}

// Forget stops the session actor of phone, if one runs, and returns once it
// has stopped: the next message loads the conversation afresh from the table.
// Tools that change a conversation's items behind the actor's back
// (the dashboard's clear-chat) call Forget first, so it cannot write its old
// state back.
func (s *Supervisor) Forget(ctx context.Context, phone string) error {
	_, err := ask[*evicted](ctx, s, &evict{phone: phone})
	return err
}

// Drain waits until no turn is in flight (a model call, a commit or a send
// being prepared), or until ctx is done. Call it after new turns stopped
// arriving and before Stop, so a shutdown finishes the answers it started;
// messages only buffered are answered after the next start (their receipts
// are unfinished, and the recovery sweep hands them over again).
func (s *Supervisor) Drain(ctx context.Context) error { return drain(ctx, s.running) }

// Stop stops every session actor and the supervisor, waiting for them. Turns
// still buffered are answered after the next start, through their receipts.
func (s *Supervisor) Stop() error {
	return s.root.StopFuture(s.pid).Wait()
}

// askTimeout bounds a request whose context has no deadline (the queue
// consumer's). A conversation answers a delivery at once, so the bound only
// matters for an actor that will never answer; on one node no member can
// vanish mid-request, hence a looser bound than a cluster's.
const askTimeout = time.Minute

// ask sends msg to the supervisor, which forwards it (sender preserved) to
// its phone's actor, and waits for an answer of type T as Ask waits.
func ask[T any](ctx context.Context, s *Supervisor, msg any) (T, error) {
	return Ask[T](ctx, askTimeout, func(timeout time.Duration) (any, error) {
		return s.root.RequestFuture(s.pid, msg, timeout).Result()
	})
}

// childRef is the supervisor's view of one session actor.
type childRef struct {
	pid *actor.PID
	// forwarded counts the messages routed to the actor; an idle report that
	// counts fewer means a message is still in its mailbox, so it must live on.
	forwarded uint64
}

// holdsQuery asks a conversation whether it holds a message; it answers
// holding.
type (
	holdsQuery struct{ phone, messageID string }
	holding    struct{ yes bool }
)

// evict asks the supervisor to stop the actor of phone; it answers evicted.
type (
	evict   struct{ phone string }
	evicted struct{}
)

// ended is a session actor's notice that it stopped, whoever stopped it.
type ended struct{ pid *actor.PID }

// idle is a session actor's report that it has nothing buffered or in flight
// after handling received messages.
type idle struct{ received uint64 }

// supervisor is the actor behind Supervisor. Its state lives here only.
type supervisor struct {
	deps     *Deps
	children map[string]*childRef // by phone
	phones   map[string]string    // phone by child PID ID
}

func (s *supervisor) Receive(ctx actor.Context) {
	switch msg := ctx.Message().(type) {
	case *sessionpb.InboundTurn:
		s.route(ctx, msg.GetPhoneNumber())
	case *sessionpb.ChatRequest:
		s.route(ctx, msg.GetTurn().GetPhoneNumber())
	case *sessionpb.Wake:
		s.route(ctx, msg.GetPhoneNumber())
	case *sessionpb.OperatorCommand:
		s.route(ctx, msg.GetPhoneNumber())
	case *holdsQuery:
		s.route(ctx, msg.phone)
	case *idle:
		s.retire(ctx, msg)
	case *evict:
		s.evict(ctx, msg.phone)
	case *ended:
		s.forget(msg.pid)
	case *actor.Stopping:
		s.stopAll(ctx)
	}
}

// route forwards the message to the actor of phone, spawning it first if none
// runs. Session actors are spawned from the root, not as children, and tell
// the supervisor when they end (ended) rather than being watched:
// protoactor's child set (PIDSet.Remove) keeps a stopped child's PID, and
// through it the whole stopped actor, reachable from a vacated slot, so an
// emulator whose conversations went idle would not give their memory back;
// and a watch costs every live conversation a set of its own.
func (s *supervisor) route(ctx actor.Context, phone string) {
	c, ok := s.children[phone]
	if !ok {
		pid := ctx.ActorSystem().Root.SpawnPrefix(conversationProps(phone, s.deps, ctx.Self()), "session-")
		c = &childRef{pid: pid}
		s.children[phone] = c
		s.phones[pid.GetId()] = phone
	}
	c.forwarded++
	ctx.Forward(c.pid)
}

func (s *supervisor) retire(ctx actor.Context, msg *idle) {
	phone, ok := s.phones[ctx.Sender().GetId()]
	if !ok {
		return
	}
	c := s.children[phone]
	if c.forwarded != msg.received {
		return
	}
	s.forget(c.pid)
	ctx.Stop(c.pid)
}

func (s *supervisor) evict(ctx actor.Context, phone string) {
	c, ok := s.children[phone]
	if !ok {
		ctx.Respond(&evicted{})
		return
	}
	s.forget(c.pid)
	ctx.ReenterAfter(ctx.StopFuture(c.pid), func(any, error) { ctx.Respond(&evicted{}) })
}

// stopAll stops every session actor and waits for them, as protoactor
// would for children.
func (s *supervisor) stopAll(ctx actor.Context) {
	stopping := make([]actor.Future, 0, len(s.children))
	for _, c := range s.children {
		stopping = append(stopping, ctx.ActorSystem().Root.StopFuture(c.pid))
	}
	for _, f := range stopping {
		_ = f.Wait()
	}
}

func (s *supervisor) forget(pid *actor.PID) {
	phone, ok := s.phones[pid.GetId()]
	if !ok {
		return
	}
	delete(s.phones, pid.GetId())
	if c := s.children[phone]; c != nil && c.pid.Equal(pid) {
		delete(s.children, phone)
	}
	if len(s.phones) == 0 && len(s.children) == 0 {
		// Go maps keep their peak size: the last conversation to end gives
		// the memory of a busy hour back.
		s.children, s.phones = map[string]*childRef{}, map[string]string{}
	}
}
