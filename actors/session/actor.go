package session

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/asynkron/protoactor-go/scheduler"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/internal/serial"
	"github.com/intake-runtime/intake/persistence"
)

// conversationActor is the session actor of one phone. Its state lives here
// only; its I/O runs off its mailbox (work.go) and comes back as messages.
type conversationActor struct {
	phone    string
	deps     *Deps
	debounce debounce

	// supervisor routes the phone's messages here; it stops the actor when
	// it reports idle. A cluster grain has none (nil): its phone is its
	// cluster identity, told by phoneOf when it starts, and it stops itself
	// when idle (the cluster reactivates it on its next message).
	supervisor *actor.PID
	phoneOf    func(actor.Context) string
	self       *actor.PID
	root       *actor.RootContext
	tables     serial.Lane        // table calls, one at a time, in order
	replies    *messaging.Replies // the conversation's sends
	// cancelCall cancels the model call under way, if any.
	cancelCall context.CancelFunc
	// handoff tells operators of the conversation; spawned on first use,
	// as few conversations reach a human.
	handoff *actor.PID
	timers  *scheduler.TimerScheduler

	// ready is false until the snapshot and buffer are loaded; messages that
	// arrive before are kept in early, in order, and handled then.
	ready bool
	early []envelope

	session *persistence.Session // nil until the phone's first turn
	// noSessions says the phone had no session when the activation started
	// and none has begun since (Loaded.NoSessions).
	noSessions bool
	// unstored says session was begun by this activation and no commit has
	// stored it yet: the next commit creates it (Commit.Create).
	unstored bool
	buffer   []*sessionpb.InboundTurn
	// routedAt is when this activation accepted each message it has not
	// answered yet, and whether a chat brought it, for the receipt's
	// agent_routed_at and sync_claimed_at.
	routedAt map[string]routed
	// history is the log of the session historyOf names, oldest first, as
	// remember keeps it: read when the activation starts, then kept by the
	// commits and the send results, so a turn reads no history from the
	// table.
	history   []persistence.Message
	historyOf string
	// intent is the revision of the desired CRM state this activation last
	// committed, so an unchanged one is not written again.
	intent string
	// markerWritten says the pending marker lists messages now (this
	// activation's last commit put it), so a commit with none deletes it.
	markerWritten bool
	// legacyBuffer says the turns came from an older release's debounce
	// buffer, which the next commit deletes.
	legacyBuffer bool
	firstAt      time.Time // arrival of the buffer's first turn
	chats        []*actor.PID

	flushGen    uint64
	cancelFlush scheduler.CancelFunc

	renotifyGen    uint64
	cancelRenotify scheduler.CancelFunc

	inflight   *turn
	superseded []persistence.Message // superseded answers, logged by the next commit
	ops        []opRequest           // operator commands waiting for the running turn
	flushAsked bool                  // a flush came due while a turn was in flight
	seq        uint64
	received   uint64 // turns and chats routed here, for the idle handshake
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
		return &conversationActor{
			phone:      phone,
			deps:       deps,
			supervisor: supervisor,
			debounce:   debounce{window: deps.Config.DebounceWindow, maxWait: deps.Config.DebounceMaxWait},
		}
	})
}

func (c *conversationActor) Receive(ctx actor.Context) {
	switch msg := ctx.Message().(type) {
	case *actor.Started:
		if c.phoneOf != nil {
			c.phone = c.phoneOf(ctx)
		}
		c.start(ctx)
	case *actor.Stopping, *actor.Restarting:
		c.stopTimer()
		c.stopRenotify()
		c.stopWork()
		c.end() // an interrupted turn is not in flight any more; its messages stay buffered
	case *actor.Stopped:
		c.deps.Metrics.ActorStopped()
		if c.phoneOf != nil {
			c.log().Info(logDeactivated)
		}
		if c.supervisor != nil {
			ctx.Send(c.supervisor, &ended{pid: ctx.Self()})
		}
	case *actor.ReceiveTimeout:
		c.reportIdle(ctx)
	case *sessionpb.Wake:
		// Starting was the point: the load flushes what is buffered.
		c.received++
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
		if msg.gen == c.flushGen {
			c.flush(ctx)
		}
	case *renotifyDue:
		c.onRenotifyDue(ctx, msg)
	case *handoff.Notified:
		c.onNotified(msg)
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
	case *answer:
		c.onAnswer(ctx, msg)
	case *commitResult:
		c.onCommit(ctx, msg)
	case *messaging.Sent:
		c.onSent(msg)
	}
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
	loaded := res.loaded
	c.ready = true
	c.session, c.noSessions = loaded.Session, loaded.NoSessions
	c.buffer = loaded.Turns
	c.legacyBuffer = len(c.buffer) > 0
	if c.session != nil {
		c.history, c.historyOf = loaded.History, c.session.SessionID
	}
	for _, m := range c.history {
		if m.Unfinished() {
			// A reply committed before a crash or a stop, still unsent.
			c.replies.Deliver(m)
		}
	}
	c.armRenotify(ctx)
	if len(c.buffer) > 0 {
		// A buffer left by a crash or a stop: answer it now.
		c.firstAt = c.deps.Now()
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
	c.log().Error("conversation load failed", zap.Error(cause))
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
		c.chats = append(c.chats, sender)
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
	if len(c.buffer) == 0 {
		c.firstAt = now
	}
	c.buffer = append(c.buffer, turn)
	if c.routedAt == nil {
		c.routedAt = map[string]routed{}
	}
	c.routedAt[turn.GetMessageId()] = routed{at: now, sync: chat}
	if c.inflight != nil {
		c.inflight.superseded = true
	}
	if chat {
		c.flush(ctx)
		return
	}
	if sender != nil {
		ctx.Send(sender, &sessionpb.TurnAck{})
	}
	c.armFlush(ctx, c.debounce.deadline(c.firstAt, now).Sub(now))
}

// routed is when the conversation accepted a message, and whether a
// synchronous path (/chat) brought it and waits for its answer.
type routed struct {
	at   time.Time
	sync bool
}

// holds reports whether the conversation already buffers or runs messageID.
func (c *conversationActor) holds(messageID string) bool {
	has := func(t *sessionpb.InboundTurn) bool { return t.GetMessageId() == messageID }
	if slices.ContainsFunc(c.buffer, has) {
		return true
	}
	return c.inflight != nil && slices.ContainsFunc(c.inflight.turns, has)
}

func (c *conversationActor) armFlush(ctx actor.Context, delay time.Duration) {
	c.stopTimer()
	c.flushGen++
	c.cancelFlush = c.timers.SendOnce(max(delay, 0), ctx.Self(), &flushDue{gen: c.flushGen})
}

func (c *conversationActor) stopTimer() {
	if c.cancelFlush != nil {
		c.cancelFlush()
		c.cancelFlush = nil
	}
	c.flushGen++
}

// onSent counts a reply's send result and records it in the history, so the
// model's next request holds only text the customer was sent.
func (c *conversationActor) onSent(msg *messaging.Sent) {
	c.deps.Metrics.Sent(msg.Response.ErrorKind)
	if msg.Uncertain {
		c.deps.Metrics.OutboxUncertain()
	}
	for i := range c.history {
		if m := &c.history[i]; m.MessageID == msg.Entry.MessageID && m.Unfinished() {
			if msg.Response.Success {
				m.OutboxStatus, m.ProviderMessageID = persistence.OutboxSent, string(msg.Response.MockID)
			} else {
				m.OutboxStatus, m.Error = persistence.OutboxFailed, msg.Response.Detail
			}
		}
	}
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
	busy := c.inflight != nil || len(c.buffer) > 0 || len(c.chats) > 0 || len(c.ops) > 0
	if !c.ready || busy || c.cancelRenotify != nil {
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
	return c.deps.Logger.With(zap.String("phone", c.phone))
}

// errStaleSnapshot is the panic of an actor whose snapshot write lost to a
// newer one: the supervisor restarts it and it reloads the newer state. The
// messages it held in memory are not lost: their receipts are still
// unanswered, so the recovery sweep (after RECOVERY_AFTER) or the platform's
// redelivery hands them to the conversation again.
var errStaleSnapshot = errors.New("session: snapshot is stale; restarting from the table")
