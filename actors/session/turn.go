package session

import (
	"errors"
	"slices"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/persistence"
)

// turn is one flushed burst on its way through the model to a commit.
type turn struct {
	seq   uint64
	turns []*sessionpb.InboundTurn
	chats []*actor.PID
	// op is set when the turn runs an operator command instead of customer
	// messages.
	op *opRequest
	// superseded is set when a customer message arrives while the turn runs:
	// its answer is then logged as superseded, never sent, and the turn reruns
	// with everything buffered.
	superseded bool

	session persistence.Session // as it stands in this turn
	before  persistence.SessionState
	// waitedBefore: the session waited for an operator when the turn began.
	waitedBefore bool
	history      []persistence.Message
	packages     []string
	attempts     int
	deadline     time.Time // of the turn's model calls; see deadline.go
	enrichments  int
	summarizing  bool
	outcome      conversation.Outcome
	// log holds the model answers of this turn, committed with it.
	log []persistence.Message
	// answered is true when the last entry of log is the answer whose outcome
	// the turn commits; its text is then what the customer receives.
	answered bool
	// summary logs the summary call, when the turn made one.
	summary []persistence.Message
	// reply is the outbound message of the turn, when it has text to send:
	// committed sending, its first call begun (persistence.Message.Begun),
	// when no earlier reply waits and it goes out right after the commit.
	reply *persistence.Message
	// committed is the log the turn's commit writes, which joins the
	// conversation's history once stored.
	committed []persistence.Message
	// intent is the revision of the desired CRM state the commit records;
	// empty when it records none.
	intent string
	// marker says the commit lists pending messages in the marker.
	marker bool
}

// input is what the conversation rules see of the turn.
func (t *turn) input(c *conversationActor) conversation.Input {
	in := conversation.Input{
		Session:  t.session,
		History:  t.history,
		Packages: t.packages,
		Now:      c.deps.Now(),
	}
	for _, m := range t.turns {
		in.Customer = append(in.Customer, m.GetContent())
		if m.GetPushName() != "" {
			in.PushName = m.GetPushName()
		}
	}
	return in
}

// flush starts a turn with everything buffered, or marks that one is due when
// a turn is already running (it reruns with the new messages when it ends).
func (c *conversationActor) flush(ctx actor.Context) {
	c.stopTimer()
	if c.inflight != nil {
		c.flushAsked = true
		return
	}
	if len(c.buffer) == 0 {
		return
	}
	c.seq++
	// A burst longer than one commit can hold is answered in consecutive
	// turns: the rest stays buffered and flushes when this one ends.
	n := min(len(c.buffer), persistence.MaxTurnMessages)
	t := &turn{seq: c.seq, turns: c.buffer[:n:n], chats: c.chats}
	c.deps.Metrics.DebounceMerged(len(t.turns) - 1)
	c.buffer, c.chats = slices.Clone(c.buffer[n:]), nil
	c.flushAsked = len(c.buffer) > 0
	c.begin(t)
	last := t.turns[len(t.turns)-1]
	c.replies.MarkRead(last.GetMessageId())
	c.open(ctx, t, c.freshSession(t.turns[0]))
}

// open gives a turn its session and history: from memory when this
// activation holds the open session's log (read once when it started, kept
// up to date by every commit), otherwise from the store, which starts a new
// session when none is open (fresh builds it; nil for operator commands).
func (c *conversationActor) open(ctx actor.Context, t *turn, fresh func(*persistence.Session) persistence.Session) {
	s := c.session
	if s != nil && s.State != persistence.StateClosed && c.historyOf == s.SessionID {
		c.onBegin(ctx, &beginResult{seq: t.seq, session: *s, history: c.history, isNew: c.unstored})
		return
	}
	prior := Prior{NoSessions: c.noSessions}
	if s != nil {
		cp := *s
		prior.Current = &cp
	}
	c.beginOnTable(t.seq, prior, fresh)
}

// freshSession builds the session of a phone's new conversation. It captures
// values only: the table lane calls it outside this actor's mailbox.
func (c *conversationActor) freshSession(first *sessionpb.InboundTurn) func(*persistence.Session) persistence.Session {
	engine, phone, instance, now := c.deps.Engine, c.phone, first.GetInstance(), c.deps.Now()
	id := uuid.NewString()
	return func(previous *persistence.Session) persistence.Session {
		return engine.NewSession(previous, id, phone, instance, now)
	}
}

func (c *conversationActor) onBegin(ctx actor.Context, res *beginResult) {
	t := c.inflight
	if t == nil || t.seq != res.seq {
		return
	}
	if res.err != nil {
		c.abort(ctx, res.err)
		return
	}
	s := res.session
	c.session, c.noSessions, c.unstored = &s, false, res.isNew
	c.history, c.historyOf = res.history, s.SessionID
	t.session, t.before, t.waitedBefore, t.history = s, s.State, s.Waiting(), res.history
	if t.op != nil {
		c.applyOp(ctx, t)
		return
	}
	t.session.ContextEnrichmentCount = 0
	if t.superseded {
		c.rerun(ctx)
		return
	}
	if conversation.Silent(t.session.State) {
		// A human holds (or will hold) the conversation: log, do not answer.
		c.finish(ctx, conversation.Outcome{Session: t.session})
		return
	}
	c.ask(ctx, t)
}

// ask makes the turn's next model request.
func (c *conversationActor) ask(ctx actor.Context, t *turn) {
	t.attempts++
	req, err := c.deps.Engine.Request(t.input(c))
	if err != nil {
		c.finish(ctx, c.deps.Engine.Failure(t.input(c), err))
		return
	}
	c.callModel(t.seq, req, c.turnDeadline(t))
}

func (c *conversationActor) onAnswer(ctx actor.Context, a *answer) {
	t := c.inflight
	if t == nil || t.seq != a.seq {
		return
	}
	c.cancelCall = nil
	c.deps.Metrics.ModelCall(a.result.Model, a.err == nil, a.result.TokensInput, a.result.TokensOutput, time.Duration(a.result.LatencyMS)*time.Millisecond)
	if t.summarizing {
		c.onSummary(ctx, t, a)
		return
	}
	err := a.err
	var answer agent.ParsedLLMResponse
	if err == nil {
		answer, err = agent.Parse(a.result.RawResponse)
	}
	if err == nil {
		err = answer.Validate()
	}
	logged := c.answerMessage(t, a, answer, err)
	if t.superseded {
		logged.Error = persistence.ErrorSuperseded
		c.carry(logged)
		c.rerun(ctx)
		return
	}
	if err != nil {
		t.log = append(t.log, logged)
		c.log().Warn("model answer unusable", zap.Int("attempt", t.attempts), zap.Error(err))
		if t.attempts < c.deps.Config.ModelAttempts && !c.pastDeadline(t) {
			c.ask(ctx, t)
			return
		}
		c.finish(ctx, c.deps.Engine.Failure(t.input(c), err))
		return
	}
	outcome := c.deps.Engine.Apply(t.input(c), answer)
	if outcome.Illegal != "" {
		// A refused answer is logged with its reason and never sent: the
		// outcome's text (a retry or the fallback) goes out as its own message.
		c.log().Warn("model answer refused by the conversation rules", zap.Int("attempt", t.attempts), zap.String("why", outcome.Illegal))
		logged.Error = "refused: " + outcome.Illegal
		t.log = append(t.log, logged)
		if outcome.Handoff == persistence.HandoffAgentFailure && t.attempts < c.deps.Config.ModelAttempts && !c.pastDeadline(t) {
			c.ask(ctx, t)
			return
		}
		c.finish(ctx, outcome)
		return
	}
	t.log = append(t.log, logged)
	if len(outcome.Enrich) > 0 {
		c.enrich(ctx, t, outcome)
		return
	}
	t.answered = true
	c.finish(ctx, outcome)
}

// enrich injects the requested knowledge packages and asks again, within the
// per-turn bound; past it the turn falls back safely.
func (c *conversationActor) enrich(ctx actor.Context, t *turn, outcome conversation.Outcome) {
	if t.enrichments >= c.deps.Config.MaxEnrichments {
		c.finish(ctx, c.deps.Engine.EnrichmentExhausted(t.input(c)))
		return
	}
	t.enrichments++
	t.session = outcome.Session
	t.session.ContextEnrichmentCount = t.enrichments
	for _, id := range outcome.Enrich {
		if !slices.Contains(t.packages, id) {
			t.packages = append(t.packages, id)
		}
	}
	t.attempts = 0
	c.ask(ctx, t)
}

// finish ends the model part of a turn: a summary first when the rules ask
// for one, then the commit.
func (c *conversationActor) finish(ctx actor.Context, outcome conversation.Outcome) {
	t := c.inflight
	t.outcome = outcome
	if outcome.Summarize && !t.summarizing {
		// The summary covers this turn too: its messages are not logged yet.
		history := append(slices.Clone(t.history), c.inboundMessages(t, outcome.Session.State)...)
		if outcome.Reply != "" {
			history = append(history, c.replyMessage(t, outcome.Session, outcome.Reply))
		}
		req, err := c.deps.Engine.SummaryRequest(outcome.Session, history)
		if err == nil {
			t.summarizing = true
			c.callModel(t.seq, req, c.summaryDeadline(t))
			return
		}
		t.outcome.Session = c.deps.Engine.ApplySummary(outcome.Session, "", false)
	}
	c.commit(ctx, t)
}

func (c *conversationActor) onSummary(ctx actor.Context, t *turn, a *answer) {
	logged := c.answerMessage(t, a, agent.ParsedLLMResponse{}, a.err)
	logged.Direction, logged.MessageType = persistence.DirectionSystem, persistence.MessageSystem
	logged.StateBefore, logged.StateAfter = t.before, t.outcome.Session.State
	logged.Agent = persistence.AgentSummarizer
	t.summary = append(t.summary, logged)
	if a.err != nil {
		c.log().Warn("summary call failed; using the fallback summary", zap.Error(a.err))
	}
	t.outcome.Session = c.deps.Engine.ApplySummary(t.outcome.Session, a.result.RawResponse, a.err == nil)
	c.commit(ctx, t)
}

func (c *conversationActor) commit(ctx actor.Context, t *turn) {
	now := c.deps.Now()
	session := c.withCustomerIntent(t.outcome.Session)
	session.UpdatedAt = now
	markHandoff(t.waitedBefore, &session, now)
	messages := c.inboundMessages(t, session.State)
	messages = append(messages, t.log...)
	if text := t.outcome.Reply; text != "" {
		if t.answered {
			last := &messages[len(messages)-1]
			last.Content, last.CleanMessageSent, last.StateAfter = text, text, session.State
		} else {
			messages = append(messages, c.replyMessage(t, session, text))
		}
		last := &messages[len(messages)-1]
		last.OutboxStatus = persistence.OutboxPending
		if c.replies.Idle() {
			*last = last.Begun()
		}
		reply := *last
		t.reply = &reply
	}
	messages = append(messages, t.summary...)
	messages = append(messages, c.superseded...)
	consumed := make([]persistence.Consumed, 0, len(t.turns)+1)
	for _, m := range t.turns {
		r := c.routedAt[m.GetMessageId()]
		consumed = append(consumed, persistence.Consumed{MessageID: m.GetMessageId(), RoutedAt: r.at, Sync: r.sync})
	}
	if id := t.op.messageID(); id != "" {
		// An operator's message from their own phone.
		consumed = append(consumed, persistence.Consumed{MessageID: id, RoutedAt: now})
	}
	t.committed = messages
	pending := make([]string, 0, len(c.buffer))
	for _, m := range c.buffer {
		pending = append(pending, m.GetMessageId())
	}
	c.commitOnTable(t.seq, Commit{
		Phone:         c.phone,
		Messages:      messages,
		Session:       session,
		Create:        c.unstored,
		Pending:       pending,
		MarkerWritten: c.markerWritten,
		DropBuffer:    c.legacyBuffer,
		Consumed:      consumed,
		Demand:        t.outcome.Demand,
		Project:       projected(t, session) && c.intentChanged(t, session),
		Now:           now,
	})
	t.marker = len(pending) > 0
}

func (c *conversationActor) onCommit(ctx actor.Context, res *commitResult) {
	t := c.inflight
	if t == nil || t.seq != res.seq {
		return
	}
	if errors.Is(res.err, persistence.ErrConflict) {
		c.answerChats(ctx, t.chats, nil, "", "the conversation changed elsewhere; retrying")
		if t.op != nil {
			c.answerOp(ctx, *t.op, refuse(conversation.RefusedFailed, "the conversation changed meanwhile; try again"))
		}
		panic(errStaleSnapshot)
	}
	if id, ok := persistence.IsConsumed(res.err); ok {
		c.dropConsumed(ctx, id)
		return
	}
	if res.err != nil {
		c.abort(ctx, res.err)
		return
	}
	s := res.session
	c.session, c.unstored = &s, false
	c.history = remember(t.committed, c.history)
	if t.intent != "" {
		c.intent = t.intent
	}
	c.markerWritten, c.legacyBuffer = t.marker, false
	c.superseded = nil
	for _, m := range t.turns {
		delete(c.routedAt, m.GetMessageId())
	}
	if len(c.routedAt) == 0 {
		c.routedAt = nil // a map keeps its buckets after its deletes
	}
	c.end()
	if r := t.reply; r != nil {
		if r.OutboxStatus == persistence.OutboxSending { // begun by the commit
			c.replies.DeliverBegun(*r)
		} else {
			c.replies.Deliver(*r)
		}
	}
	if t.op != nil {
		c.committedOp(ctx, t, s)
	} else {
		c.logTurn(t, s)
		if t.reply != nil {
			c.deps.Metrics.Turn("replied")
		} else {
			c.deps.Metrics.Turn("silent")
		}
	}
	c.answerChats(ctx, t.chats, &s, t.outcome.Reply, "")
	c.afterCommit(ctx, t, s)
	c.afterTurn(ctx)
}

// maxCarried bounds the superseded answers kept for the next commit, so the
// commit still fits one transaction (persistence.MaxTurnMessages leaves
// room for them); older ones are dropped, they were never sent.
const maxCarried = 3

// carry keeps a superseded answer for the log of the next commit: like
// everything a turn produces, it is written only with a commit.
func (c *conversationActor) carry(m persistence.Message) {
	c.superseded = append(c.superseded, m)
	if over := len(c.superseded) - maxCarried; over > 0 {
		c.superseded = slices.Delete(c.superseded, 0, over)
	}
}

// dropConsumed handles a commit refused because an earlier committed turn
// already answered message id (a redelivery that reached the conversation
// after its turn): the message leaves the turn, which runs again with the
// others, if any. Nothing was written, so nothing was sent.
func (c *conversationActor) dropConsumed(ctx actor.Context, id string) {
	c.log().Info("message already answered by a committed turn; dropped", zap.String("message_id", id))
	delete(c.routedAt, id)
	t := c.inflight
	t.turns = slices.DeleteFunc(slices.Clone(t.turns), func(m *sessionpb.InboundTurn) bool { return m.GetMessageId() == id })
	if t.op != nil {
		c.end()
		c.answerOp(ctx, *t.op, refuse(conversation.RefusedDuplicate, "this message was already forwarded"))
		c.afterTurn(ctx)
		return
	}
	c.end()
	c.buffer = append(t.turns, c.buffer...)
	c.chats = append(slices.Clone(t.chats), c.chats...)
	c.flushAsked = len(c.buffer) > 0
	c.afterTurn(ctx)
}

// rerun puts a superseded turn's messages back in front of the buffer.
func (c *conversationActor) rerun(ctx actor.Context) {
	c.deps.Metrics.Turn("superseded")
	t := c.inflight
	c.end()
	c.buffer = append(slices.Clone(t.turns), c.buffer...)
	c.chats = append(slices.Clone(t.chats), c.chats...)
	c.afterTurn(ctx)
}

// abort gives up a turn that could not reach the table; its messages stay
// buffered (they are in the persisted buffer too) and run again after a window.
func (c *conversationActor) abort(ctx actor.Context, cause error) {
	c.log().Error("turn failed; its messages stay buffered", zap.Error(cause))
	c.deps.Metrics.Turn("failed")
	t := c.inflight
	c.end()
	if t.op != nil {
		c.answerOp(ctx, *t.op, refuse(conversation.RefusedFailed, "the conversation could not be stored; try again"))
	}
	c.buffer = append(slices.Clone(t.turns), c.buffer...)
	c.answerChats(ctx, t.chats, nil, "", "the conversation could not be stored; it will be retried")
	if len(c.buffer) > 0 {
		c.firstAt = c.deps.Now()
		c.armFlush(ctx, c.deps.Config.DebounceWindow)
	}
}

// afterTurn starts the next turn when one came due during this one; otherwise
// the debounce timer armed by the newer messages runs its course.
func (c *conversationActor) afterTurn(ctx actor.Context) {
	if c.nextOp(ctx) {
		return
	}
	if c.flushAsked {
		c.flushAsked = false
		c.flush(ctx)
		return
	}
	if len(c.buffer) > 0 && c.cancelFlush == nil {
		c.firstAt = c.deps.Now()
		c.armFlush(ctx, c.deps.Config.DebounceWindow)
	}
}

// answerChats answers the chat requests that waited for a turn with its reply
// (text), or with failure when the turn could not finish.
func (c *conversationActor) answerChats(ctx actor.Context, chats []*actor.PID, s *persistence.Session, text, failure string) {
	reply := &sessionpb.ChatReply{Reply: text, Error: failure}
	if s != nil {
		reply.SessionId = s.SessionID
		reply.State = string(s.State)
		reply.CurrentAgent = string(s.CurrentAgent)
	}
	for _, pid := range chats {
		ctx.Send(pid, reply)
	}
}

// begin makes t the running turn; end clears it. Running turns are counted
// for Supervisor.Drain, which waits for them at shutdown.
func (c *conversationActor) begin(t *turn) {
	c.inflight = t
	c.deps.running.Add(1)
}

func (c *conversationActor) end() {
	if c.inflight != nil {
		c.inflight = nil
		c.deps.running.Add(-1)
	}
}
