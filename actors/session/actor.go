package session

import (
	"errors"
	"sync/atomic"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/asynkron/protoactor-go/scheduler"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/internal/redact"
	"github.com/intake-runtime/intake/internal/serial"
)

// conversationActor is the session actor of one phone: the thin owner of
// its parts, each a struct with its own file that owns one kind of state,
// and the one place their effects happen (table calls, model calls, sends,
// timers, answers). Receive routes each message to the part it concerns;
// its I/O runs off its mailbox (work.go) and comes back as messages.
type conversationActor struct {
	phone string
	deps  *Deps

	inbox   inbox              // messages not in a turn yet (inbox.go)
	flight  inFlight           // the turn under way (inflight.go)
	replies *messaging.Replies // the conversation's sends
	watch   handoffWatch       // operators told of the handoff (handoffwatch.go)
	assign  assignWatch        // automatic assignment (assign.go)
	ops     opQueue            // operator commands waiting (opqueue.go)
	stored  stored             // what the table holds of it (stored.go)
	voice   voiceNotes         // voice notes heard (transcribe.go)
	waits   replyClock         // customers' waits for replies unsent (replyclock.go)

	// supervisor routes the phone's messages here; it stops the actor when
	// it reports idle. A cluster grain has none (nil): its phone is its
	// cluster identity, told by phoneOf when it starts, and it stops itself
	// when idle (the cluster reactivates it on its next message).
	supervisor *actor.PID
	phoneOf    func(actor.Context) string
	self       *actor.PID
	root       *actor.RootContext
	tables     serial.Lane // table calls, one at a time, in order
	timers     *scheduler.TimerScheduler

	// hosts, for a grain, says whether this member may run the phone now
	// (Grains.Props); refused is set on an activation it declined.
	hosts   func(phone string) bool
	refused bool
	// wake, for a grain, wakes the conversation of a phone wherever it
	// runs (Grains.Props); orphan says a commit landed whose result this
	// activation has not handled yet (set on the table lane).
	wake   func(phone string)
	orphan atomic.Bool
	live   *liveGrains // this member's grains, for Grains.StopUnhosted

	// ready is false until the snapshot and buffer are loaded; messages that
	// arrive before are kept in early, in order, and handled then.
	ready    bool
	early    []envelope
	received uint64 // turns and chats routed here, for the idle handshake
}

// newConversation is the actor of phone (told later by phoneOf for a grain).
func newConversation(phone string, deps *Deps, supervisor *actor.PID, phoneOf func(actor.Context) string) *conversationActor {
	return &conversationActor{
		phone:      phone,
		deps:       deps,
		supervisor: supervisor,
		phoneOf:    phoneOf,
		inbox:      inbox{debounce: debounce{window: deps.Config.DebounceWindow, maxWait: deps.Config.DebounceMaxWait}},
		flight:     inFlight{running: deps.running},
	}
}

// envelope is a message kept with its sender until the actor is ready.
type envelope struct {
	message any
	sender  *actor.PID
}

// flushDue fires the debounce timer; gen tells a stale timer from the current one.
type flushDue struct{ gen uint64 }

func conversationProps(phone string, deps *Deps, supervisor *actor.PID) *actor.Props {
	return actor.PropsFromProducer(func() actor.Actor {
		return newConversation(phone, deps, supervisor, nil)
	})
}

func (c *conversationActor) Receive(ctx actor.Context) {
	if c.refused {
		c.refuse(ctx)
		return
	}
	switch msg := ctx.Message().(type) {
	case *actor.Started:
		if c.phoneOf != nil {
			c.phone = c.phoneOf(ctx)
		}
		if c.hosts != nil && !c.hosts(c.phone) {
			c.refused = true
			ctx.Stop(ctx.Self())
			return
		}
		if c.live != nil {
			c.live.started(c.phone, ctx)
		}
		c.start(ctx)
	case *actor.Stopping, *actor.Restarting:
		c.inbox.stopFlush()
		c.watch.stop()
		c.assign.stop()
		c.stopWork()
		c.flight.end() // an interrupted turn is not in flight any more; its messages stay buffered
		if _, restarting := msg.(*actor.Restarting); restarting {
			// This incarnation's work is over: the restarted one starts
			// (and logs its start) from the table, like a new activation.
			c.ended()
		}
	case *actor.Stopped:
		c.ended()
		if c.live != nil {
			c.live.stopped(c.phone, ctx)
		}
		if c.wake != nil && c.orphan.Load() {
			// The last commit's reply went to the table but not out: its
			// result met a stopped mailbox (a phone moved to another member
			// mid-turn), and the activation there may have loaded before
			// it landed. Woken, it restarts from the table (woken).
			c.wake(c.phone)
		}
		if c.supervisor != nil {
			ctx.Send(c.supervisor, &ended{pid: ctx.Self()})
		}
	case *actor.ReceiveTimeout:
		c.reportIdle(ctx)
	case *sessionpb.Wake:
		// Starting was the point: the load flushes what is buffered.
		c.received++
		c.woken()
	case *holdsQuery:
		c.received++
		ctx.Respond(&holding{yes: c.ready && c.holds(msg.messageID)})
	case *sessionpb.Forget:
		// A grain's Forget; the supervisor stops its actors itself.
		ctx.Respond(&sessionpb.Forgotten{})
		ctx.Stop(ctx.Self())
	case *sessionpb.InboundTurn, *sessionpb.ChatRequest, *sessionpb.OperatorCommand:
		c.received++
		if !c.ready {
			c.early = append(c.early, envelope{message: msg, sender: ctx.Sender()})
			return
		}
		c.handle(ctx, msg, ctx.Sender())
	case *flushDue:
		if msg.gen == c.inbox.flushGen {
			c.flush(ctx)
		}
	case *renotifyDue:
		if c.watch.fired(msg) {
			c.onRenotifyDue(ctx, msg)
		}
	case *handoff.Notified:
		c.onNotified(msg)
	case *handoff.Chosen, *assignmentDue:
		c.onAssignment(ctx, msg)
	case *result:
		if msg.of == c { // not a result of the work of an activation before a restart
			c.onResult(ctx, msg.msg)
		}
	}
}

func (c *conversationActor) onResult(ctx actor.Context, msg any) {
	switch msg := msg.(type) {
	case *loadResult:
		c.onLoad(ctx, msg)
	case *beginResult:
		c.onBegin(ctx, msg)
	case *heardResult:
		c.onHeard(ctx, msg)
	case *answer:
		c.onAnswer(ctx, msg)
	case *commitResult:
		c.onCommit(ctx, msg)
	case *commitRetryDue:
		c.onCommitRetryDue(msg)
	case *resetResult:
		c.onReset(ctx, msg)
	case *messaging.Sent:
		c.onSent(msg)
	}
}

// refuse answers every request that reached an activation this member
// declined (see Grains.Props) as a dead letter: protoactor's cluster request
// then forgets the PID it cached and places the phone again. The activation
// did nothing else, so it has nothing to stop.
func (c *conversationActor) refuse(ctx actor.Context) {
	if _, system := ctx.Message().(actor.SystemMessage); system || ctx.Sender() == nil {
		return
	}
	ctx.Respond(&actor.DeadLetterResponse{Target: ctx.Self()})
}

// start loads the snapshot and the buffer without blocking the mailbox:
// turns that arrive meanwhile wait in early.
func (c *conversationActor) start(ctx actor.Context) {
	c.deps.Metrics.ActorStarted()
	if c.phoneOf != nil {
		c.log().Info(logActivated)
	}
	c.self, c.root = ctx.Self(), ctx.ActorSystem().Root
	c.replies = messaging.NewReplies(c.deps.Messaging, func(s messaging.Sent) { c.post(&s) })
	c.timers = scheduler.NewTimerScheduler(ctx)
	ctx.SetReceiveTimeout(c.deps.Config.IdleTimeout)
	c.load()
}

func (c *conversationActor) onLoad(ctx actor.Context, res *loadResult) {
	if res.err != nil {
		c.refuseEarly(ctx, res.err)
		ctx.Stop(ctx.Self())
		return
	}
	c.ready = true
	c.stored.loaded(res.loaded)
	c.inbox.took(res.loaded.Turns, c.deps.Now())
	for _, m := range c.stored.history {
		if m.Unfinished() {
			// A reply committed before a crash or a stop, still unsent.
			c.replies.Deliver(m)
		}
	}
	c.armRenotify(ctx)
	c.armAssignment(ctx)
	if len(c.inbox.buffer) > 0 {
		// A buffer left by a crash or a stop: answer it now.
		c.flush(ctx)
	}
	for _, e := range c.early {
		c.handle(ctx, e.message, e.sender)
	}
	c.early = nil
}

// refuseEarly answers the turns that waited for a load that failed, so their
// callers retry instead of waiting out a timeout.
func (c *conversationActor) refuseEarly(ctx actor.Context, cause error) {
	c.deps.failures.Error(c.log(), "conversation load failed", cause)
	for _, e := range c.early {
		if e.sender == nil {
			continue
		}
		switch e.message.(type) {
		case *sessionpb.InboundTurn:
			ctx.Send(e.sender, &sessionpb.TurnAck{Error: "the conversation could not be loaded"})
		case *sessionpb.ChatRequest:
			ctx.Send(e.sender, &sessionpb.ChatReply{Error: "the conversation could not be loaded"})
		case *sessionpb.OperatorCommand:
			ctx.Send(e.sender, refuse(conversation.RefusedFailed, "the conversation could not be loaded"))
		}
	}
	c.early = nil
}

// handle dispatches a request from outside: a customer turn or an operator
// command.
func (c *conversationActor) handle(ctx actor.Context, msg any, sender *actor.PID) {
	if cmd, ok := msg.(*sessionpb.OperatorCommand); ok {
		c.operate(ctx, cmd, sender)
		return
	}
	c.accept(ctx, msg, sender)
}

// accept buffers one customer message, in memory only: its receipt, written
// by the webhook before the platform was answered, keeps it until a turn
// answers it, and the recovery sweep hands it over again if this activation
// dies first. A delivered turn is acknowledged at once; a chat turn is
// flushed at once and answered when its turn commits.
func (c *conversationActor) accept(ctx actor.Context, msg any, sender *actor.PID) {
	var (
		turn *sessionpb.InboundTurn
		chat bool
	)
	switch m := msg.(type) {
	case *sessionpb.InboundTurn:
		turn = m
	case *sessionpb.ChatRequest:
		turn, chat = m.GetTurn(), true
	}
	if chat && sender != nil {
		c.inbox.chats = append(c.inbox.chats, sender)
	}
	if c.holds(turn.GetMessageId()) {
		if !chat && sender != nil {
			ctx.Send(sender, &sessionpb.TurnAck{Duplicate: true})
		}
		if chat {
			c.flush(ctx)
		}
		return
	}
	now := c.deps.Now()
	due := c.inbox.add(turn, chat, now)
	c.flight.supersede()
	c.supersedeWaiting(ctx)
	if chat {
		c.flush(ctx)
		return
	}
	if sender != nil {
		ctx.Send(sender, &sessionpb.TurnAck{})
	}
	c.armFlush(ctx, due.Sub(now))
}

// holds reports whether the conversation already buffers or runs messageID.
func (c *conversationActor) holds(messageID string) bool {
	return c.inbox.has(messageID) || c.flight.holds(messageID)
}

// armFlush schedules the flush of the inbox after delay.
func (c *conversationActor) armFlush(ctx actor.Context, delay time.Duration) {
	gen := c.inbox.nextFlush()
	c.inbox.cancelFlush = c.timers.SendOnce(max(delay, 0), ctx.Self(), &flushDue{gen: gen})
}

// onSent counts a reply's send result and records it in the history.
func (c *conversationActor) onSent(msg *messaging.Sent) {
	c.deps.Metrics.Sent(msg.Response.ErrorKind)
	if began := c.waits.stop(msg.Entry.MessageID); msg.Response.Success && !began.IsZero() {
		c.deps.Metrics.Replied(began, c.deps.Now())
	}
	if msg.Uncertain {
		c.deps.Metrics.OutboxUncertain()
	}
	c.stored.sent(msg)
}

// ended counts and logs the end of this incarnation's work (see
// logDeactivated), when it stops or restarts.
func (c *conversationActor) ended() {
	c.deps.Metrics.ActorStopped()
	if c.phoneOf != nil {
		c.log().Info(logDeactivated)
	}
}

// woken handles a Wake that reached a conversation already running. A Wake
// says the table holds work of this phone that no message will trigger (an
// unsent reply the recovery sweep found, or one found when a member started
// or left). A conversation with nothing under way nor armed does not know of
// that work: another activation committed it after this one loaded (a
// phone moving between members while the old activation's turn commits,
// whose result then never reaches it). It restarts from the table, which
// sends the reply, instead of keeping it unsent until it idles out.
func (c *conversationActor) woken() {
	busy := c.flight.turn != nil || len(c.inbox.buffer) > 0 || len(c.inbox.chats) > 0 || !c.ops.empty()
	if !c.ready || busy || !c.replies.Idle() || c.watch.armed() || c.assign.armed() {
		return
	}
	panic(errWokenStale)
}

// reportIdle asks the supervisor to stop this actor when it holds nothing that
// only memory knows; the supervisor agrees only if no message is on its way.
//
// protoactor's receive timeout fires once and is then cancelled, so it is
// armed again here: an actor found busy, or whose report the supervisor
// refuses because a message was on its way, must be asked again later, or
// it would stay in memory for good.
func (c *conversationActor) reportIdle(ctx actor.Context) {
	ctx.SetReceiveTimeout(c.deps.Config.IdleTimeout)
	busy := c.flight.turn != nil || len(c.inbox.buffer) > 0 || len(c.inbox.chats) > 0 || !c.ops.empty()
	if !c.ready || busy || c.watch.armed() || c.assign.armed() {
		return
	}
	if c.supervisor == nil {
		// A grain: a message on its way meets a stopped activation, and
		// the cluster's request activates the phone again.
		ctx.Stop(ctx.Self())
		return
	}
	ctx.Request(c.supervisor, &idle{received: c.received})
}

// log is the logger of this conversation. It is built on use, as logging is
// rare: a logger kept per conversation would cost every live one its copy.
func (c *conversationActor) log() *zap.Logger {
	return c.deps.Logger.With(redact.Phone("phone", c.phone))
}

// errStaleSnapshot is the panic of an actor whose snapshot write lost to a
// newer one: the supervisor restarts it and it reloads the newer state. The
// messages it held in memory are not lost: their receipts are still
// unanswered, so the recovery sweep (after RECOVERY_AFTER) or the platform's
// redelivery hands them to the conversation again.
var errStaleSnapshot = errors.New("session: snapshot is stale; restarting from the table")

// errWokenStale is the panic of an idle actor woken for work its snapshot
// does not hold (woken): like errStaleSnapshot, the restart reloads it.
var errWokenStale = errors.New("session: woken for work it does not hold; restarting from the table")
