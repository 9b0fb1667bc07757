package session

import (
	"slices"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"github.com/asynkron/protoactor-go/scheduler"
	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/agent/transcribe"
	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
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

	// heard holds what was heard of the turn's voice notes, by message ID
	// (transcribe.go).
	heard map[string]transcribe.Transcript

	session domain.Session // as it stands in this turn
	before  domain.SessionState
	// waitedBefore: the session waited for an operator when the turn began.
	waitedBefore bool
	history      []domain.Message
	packages     []string
	attempts     int
	deadline     time.Time // of the turn's model calls; see deadline.go
	summarizing  bool
	outcome      conversation.Outcome
	// log holds the model answers of this turn, committed with it.
	log []domain.Message
	// answered is true when the last entry of log is the answer whose outcome
	// the turn commits; its text is then what the customer receives.
	answered bool
	// summary logs the summary call, when the turn made one.
	summary []domain.Message
	// reply is the outbound message of the turn, when it has text to send:
	// committed sending, its first call begun (domain.Message.Begun),
	// when no earlier reply waits and it goes out right after the commit.
	reply *domain.Message
	// followUps are the outbound messages committed after reply (the
	// satisfaction question after a close's farewell), delivered after it
	// in order.
	followUps []domain.Message
	// afterClose routes a customer turn on the phone's closed session
	// (conversation.AfterClose): conversation.StartNew runs it in a new
	// session as ever; the others resume the closed one.
	afterClose conversation.AfterClose
	// commit is what the turn's commit writes (commitOf), set when it is
	// sent to the table.
	commit turnCommit
	// commitAttempts counts the retries of the commit (commitretry.go);
	// retryCommit cancels the one armed, nil while none waits.
	commitAttempts int
	retryCommit    scheduler.CancelFunc
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
		in.Customer = append(in.Customer, t.said(m))
		if m.GetPushName() != "" {
			in.PushName = m.GetPushName()
		}
	}
	return in
}

// flush starts a turn with everything buffered, or marks that one is due when
// a turn is already running (it reruns with the new messages when it ends).
func (c *conversationActor) flush(ctx actor.Context) {
	c.inbox.stopFlush()
	if c.flight.turn != nil {
		c.flight.flushAsked = true
		return
	}
	if len(c.inbox.buffer) == 0 {
		return
	}
	// A burst longer than one commit can hold is answered in consecutive
	// turns: the rest stays buffered and flushes when this one ends.
	turns, chats := c.inbox.take(persistence.MaxTurnMessages)
	t := c.flight.begin(&turn{turns: turns, chats: chats})
	c.deps.Metrics.DebounceMerged(len(t.turns) - 1)
	c.flight.flushAsked = len(c.inbox.buffer) > 0
	last := t.turns[len(t.turns)-1]
	c.replies.MarkRead(last.GetMessageId())
	if held, ok := c.resumeClosed(t); ok {
		c.onBegin(ctx, &held)
		return
	}
	c.open(ctx, t, c.freshSession(t.turns[0]))
}

// open gives a turn its session and history: from memory when this
// activation holds the open session's log (read once when it started, kept
// up to date by every commit) or when the phone has never had a session,
// otherwise from the store, which starts a new session when none is open
// (fresh builds it; nil for operator commands).
func (c *conversationActor) open(ctx actor.Context, t *turn, fresh func(*domain.Session) domain.Session) {
	if held, ok := c.stored.open(); ok {
		held.seq = t.seq
		c.onBegin(ctx, &held)
		return
	}
	if fresh != nil {
		if first, ok := c.stored.first(fresh); ok {
			first.seq = t.seq
			c.onBegin(ctx, &first)
			return
		}
	}
	c.beginOnTable(t.seq, c.stored.prior(), fresh)
}

// freshSession builds the session of a phone's new conversation. It captures
// values only: the table lane calls it outside this actor's mailbox.
func (c *conversationActor) freshSession(first *sessionpb.InboundTurn) func(*domain.Session) domain.Session {
	engine, phone, instance, now := c.deps.Engine, c.phone, first.GetInstance(), c.deps.Now()
	id := uuid.NewString()
	return func(previous *domain.Session) domain.Session {
		return engine.NewSession(previous, id, phone, instance, now)
	}
}

func (c *conversationActor) onBegin(ctx actor.Context, res *beginResult) {
	t := c.flight.current(res.seq)
	if t == nil {
		return
	}
	if res.err != nil {
		c.abort(ctx, res.err)
		return
	}
	c.stored.begun(res)
	s := res.session
	t.session, t.before, t.waitedBefore, t.history = s, s.State, s.Waiting(), res.history
	if t.op != nil {
		c.applyOp(ctx, t)
		return
	}
	t.session.ContextEnrichmentCount = 0
	c.hear(ctx, t)
}

// respond answers a customer turn whose voice notes were heard (hear): not
// when newer messages superseded it or a human holds the conversation.
func (c *conversationActor) respond(ctx actor.Context, t *turn) {
	if t.superseded {
		c.rerun(ctx)
		return
	}
	if t.afterClose != conversation.StartNew {
		c.finish(ctx, c.deps.Engine.ResumeClosed(t.afterClose, t.input(c)))
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
	t := c.flight.current(a.seq)
	if t == nil {
		return
	}
	c.flight.cancelCall = nil
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
		logged.Error = domain.ErrorSuperseded
		c.flight.carry(logged)
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
		if outcome.Handoff == domain.HandoffAgentFailure && t.attempts < c.deps.Config.ModelAttempts && !c.pastDeadline(t) {
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

// enrich injects the requested knowledge packages and asks again. The
// engine keeps the per-turn bound: it counts the injections in the session's
// context_enrichment_count, which a turn starts at zero, and past
// MaxEnrichments answers with the fallback instead of packages.
func (c *conversationActor) enrich(ctx actor.Context, t *turn, outcome conversation.Outcome) {
	t.session = outcome.Session
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
	t := c.flight.turn
	t.outcome = c.deps.Engine.AfterHours(outcome, t.waitedBefore, c.deps.Now())
	outcome = t.outcome
	if outcome.Summarize && !t.summarizing {
		// The summary covers this turn too: its messages are not logged yet.
		history := append(slices.Clone(t.history), inboundMessages(c.phone, t, outcome.Session.State)...)
		if outcome.Reply != "" {
			history = append(history, replyMessage(c.phone, t, outcome.Session, outcome.Reply, uuid.NewString(), c.deps.Now()))
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
	logged.Direction, logged.MessageType = domain.DirectionSystem, domain.MessageSystem
	logged.StateBefore, logged.StateAfter = t.before, t.outcome.Session.State
	logged.Agent = domain.AgentSummarizer
	t.summary = append(t.summary, logged)
	if a.err != nil {
		c.log().Warn("summary call failed; using the fallback summary", zap.Error(a.err))
	}
	t.outcome.Session = c.deps.Engine.ApplySummary(t.outcome.Session, a.result.RawResponse, a.err == nil)
	c.commit(ctx, t)
}

// commit sends the turn's commit (commitOf) to the table.
func (c *conversationActor) commit(ctx actor.Context, t *turn) {
	t.commit = commitOf(t, commitScene{
		phone:         c.phone,
		create:        c.stored.unstored,
		intent:        c.stored.intent,
		pending:       c.inbox.pending(),
		markerWritten: c.inbox.markerWritten,
		legacyBuffer:  c.inbox.legacyBuffer,
		routedAt:      c.inbox.routedAt,
		superseded:    c.flight.superseded,
		repliesIdle:   c.replies.Idle(),
		now:           c.deps.Now(),
		newID:         uuid.NewString,
	})
	if err := t.commit.payloadErr; err != nil {
		c.log().Error("registration complete without an ERP customer", zap.String("session_id", t.commit.Session.SessionID), zap.Error(err))
	}
	t.reply = t.commit.reply
	c.commitOnTable(t.seq, t.commit.Commit)
}
