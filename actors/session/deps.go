package session

import (
	"errors"
	"sync/atomic"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/internal/ratelog"
)

// Config is the timing of session actors.
type Config struct {
	// DebounceWindow is the quiet time after a customer message before the
	// burst is flushed into one turn (DEBOUNCE_WINDOW).
	DebounceWindow time.Duration
	// DebounceMaxWait caps how long a burst can be held from its first message
	// (DEBOUNCE_MAX_WAIT), so a steady stream still gets answers.
	DebounceMaxWait time.Duration
	// IdleTimeout stops an actor with nothing buffered or in flight
	// (SESSION_IDLE_TIMEOUT); it comes back from its snapshot on the next turn.
	IdleTimeout time.Duration
	// RenotifyAfter is how long a queued conversation waits unclaimed before
	// operators are told again and the customer hears they are still in line
	// (HANDOFF_RENOTIFY_AFTER).
	RenotifyAfter time.Duration
	// MaxRenotifications bounds those renotifications
	// (HANDOFF_MAX_RENOTIFICATIONS); zero makes none.
	MaxRenotifications int
	// Hours is when people answer (BUSINESS_HOURS): the renotification
	// clock counts open time only, and a conversation queued while closed is
	// announced to operators at the opening. It is the holder the owner's
	// edits replace (read at each use); nil is always open.
	Hours *businesshours.Live
	// RoundRobin gives each waiting conversation to the available operator
	// with the fewest open conversations (ASSIGNMENT=round_robin; the
	// handoff child chooses, see assign.go); false leaves the shared queue
	// to operators' claims.
	RoundRobin bool
	// AssignmentSLA is how much open time an assigned operator has to take
	// the conversation up before it goes to the next one (HANDOFF_SLA);
	// zero never takes it back.
	AssignmentSLA time.Duration
	// StillWaitingText is what the customer hears at each renotification.
	StillWaitingText string
	// ModelAttempts is how many times one turn asks the model for a usable
	// answer before falling back (unparseable answers count, transport retries
	// inside the model client do not).
	ModelAttempts int
	// TurnDeadline bounds every model call of one turn, retries included,
	// from the turn's first call (TURN_DEADLINE): past it the customer gets
	// the fallback text and the AGENT_FAILURE handoff. Default 60s.
	TurnDeadline time.Duration
	// SummaryTimeout is the least time the summary call of a turn gets, on
	// the failure path after TurnDeadline too; past it the summary is the
	// deterministic one. Default 3s, so a hung model delays the fallback by
	// at most that much.
	SummaryTimeout time.Duration
}

func (c *Config) setDefaults() {
	if c.DebounceWindow == 0 {
		c.DebounceWindow = 2 * time.Second
	}
	if c.DebounceMaxWait == 0 {
		c.DebounceMaxWait = 8 * time.Second
	}
	if c.IdleTimeout == 0 {
		c.IdleTimeout = 10 * time.Minute
	}
	if c.RenotifyAfter == 0 {
		c.RenotifyAfter = 10 * time.Minute
	}
	if c.StillWaitingText == "" {
		c.StillWaitingText = "Você continua na fila de atendimento. Um atendente da nossa equipe vai falar com você em breve."
	}
	if c.ModelAttempts == 0 {
		c.ModelAttempts = 2
	}
	if c.TurnDeadline == 0 {
		c.TurnDeadline = 60 * time.Second
	}
	if c.SummaryTimeout == 0 {
		c.SummaryTimeout = 3 * time.Second
	}
}

// Deps is what every session actor shares: read-only after NewSupervisor.
type Deps struct {
	Config Config
	// Store is the table access of conversations.
	Store Store
	// Engine holds the conversation rules.
	Engine *conversation.Engine
	// Model answers the conversations' turns.
	Model agent.Model
	// Messaging is what each conversation's replies are sent with.
	Messaging messaging.RepliesDeps
	// Hearing transcribes voice notes before the turn asks the model; the
	// zero value hears none.
	Hearing Hearing
	// Handoff spawns the child that tells operators of a handoff; nil tells
	// nobody (the conversation still waits in the queue).
	Handoff *actor.Props
	// Metrics counts what conversations do; nil counts nothing.
	Metrics Metrics
	// Now is the clock; tests pin it.
	Now    func() time.Time
	Logger *zap.Logger

	// running counts the turns in flight across the supervisor's actors, for
	// Drain. The supervisor owns it; it is safe for concurrent use.
	running *atomic.Int64
	// failures writes the failures every conversation meets alike during
	// an outage once per interval, with a count, instead of once each.
	failures *ratelog.Limiter
}

func (d *Deps) validate() error {
	d.Config.setDefaults()
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Logger == nil {
		d.Logger = zap.NewNop()
	}
	d.running = new(atomic.Int64)
	d.failures = ratelog.New(ratelog.Every, nil)
	if d.Messaging.Failures == nil {
		d.Messaging.Failures = d.failures
	}
	if d.Metrics == nil {
		d.Metrics = noMetrics{}
	}
	var errs []error
	if d.Store == nil {
		errs = append(errs, errors.New("session: Deps.Store is required"))
	}
	if d.Engine == nil {
		errs = append(errs, errors.New("session: Deps.Engine is required"))
	}
	if d.Model == nil || d.Messaging.Sender == nil || d.Messaging.Outbox == nil {
		errs = append(errs, errors.New("session: Deps.Model, Deps.Messaging.Sender and Deps.Messaging.Outbox are required"))
	}
	if err := d.Hearing.validate(); err != nil {
		errs = append(errs, err)
	}
	if d.Config.DebounceMaxWait < d.Config.DebounceWindow {
		errs = append(errs, errors.New("session: DebounceMaxWait must not be shorter than DebounceWindow"))
	}
	return errors.Join(errs...)
}
