package session

import (
	"context"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/persistence"
)

// Store is the table access of conversations. Implementations are safe for
// concurrent use; each conversation calls it from its store child, one call at
// a time, so its writes land in the order the actor made them.
type Store interface {
	// Load returns the phone's active session (nil when there is none, or when
	// it was reset) and the turns buffered for it.
	Load(ctx context.Context, phone string) (*persistence.Session, []*sessionpb.InboundTurn, error)
	// WaitingPhones lists the phones whose conversation has work that no
	// message will trigger: buffered turns, or a handoff waiting in the queue
	// (its renotifications).
	WaitingPhones(ctx context.Context) ([]string, error)
	// SaveBuffer replaces the turns buffered for phone.
	SaveBuffer(ctx context.Context, phone string, turns []*sessionpb.InboundTurn) error
	// Begin returns the session a turn runs in, with its message history oldest
	// first. It is current when current is open; otherwise fresh builds a new
	// session from the phone's last closed one (nil when none) and Begin creates
	// it and makes it active.
	Begin(ctx context.Context, phone string, current *persistence.Session, fresh func(previous *persistence.Session) persistence.Session) (persistence.Session, []persistence.Message, error)
	// Commit writes a finished turn and returns the session as stored.
	Commit(ctx context.Context, c Commit) (persistence.Session, error)
	// Log appends one message outside a turn's commit (a superseded answer).
	Log(ctx context.Context, m persistence.Message) error
	// Delivered records on an outbound message what the platform answered.
	Delivered(ctx context.Context, m persistence.Message, res persistence.StubResponse) error
}

// Commit is everything one turn writes, in the order it is written: the
// message log first (idempotent puts), then the session snapshot conditional on
// the version it was loaded with — a stale version fails with
// persistence.ErrConflict and nothing after it is written, so the turn's
// customer messages stay buffered and run again — then the remaining buffer,
// the demand and the receipts' completion.
type Commit struct {
	Phone    string
	Messages []persistence.Message
	Session  persistence.Session
	Buffer   []*sessionpb.InboundTurn
	Demand   *persistence.OutOfPortfolioDemand
	Receipts []string
	Now      time.Time
}

// Messages between a session actor and its store child. The child answers
// each request with the matching result; fire-and-forget writes report only
// their failures, through the logger.
type (
	loadRequest struct{}
	loadResult  struct {
		session *persistence.Session
		turns   []*sessionpb.InboundTurn
		err     error
	}
	bufferWrite struct {
		turns []*sessionpb.InboundTurn
		// ack receives the TurnAck of a delivered turn once it is durable; nil
		// when nobody waits.
		ack *actor.PID
	}
	beginRequest struct {
		seq     uint64
		current *persistence.Session
		fresh   func(previous *persistence.Session) persistence.Session
	}
	beginResult struct {
		seq     uint64
		session persistence.Session
		history []persistence.Message
		err     error
	}
	commitRequest struct {
		seq    uint64
		commit Commit
	}
	commitResult struct {
		seq     uint64
		session persistence.Session
		err     error
	}
	logWrite       struct{ message persistence.Message }
	deliveredWrite struct {
		message  persistence.Message
		response persistence.StubResponse
	}
)

// storeTimeout bounds one table call, so a hung table cannot wedge a
// conversation forever.
const storeTimeout = 30 * time.Second

// storeChild runs a conversation's table calls off the session mailbox.
type storeChild struct {
	phone  string
	store  Store
	logger *zap.Logger
}

func storeProps(phone string, store Store, logger *zap.Logger) *actor.Props {
	return actor.PropsFromProducer(func() actor.Actor {
		return &storeChild{phone: phone, store: store, logger: logger}
	})
}

func (s *storeChild) Receive(ctx actor.Context) {
	call, cancel := context.WithTimeout(context.Background(), storeTimeout)
	defer cancel()
	switch msg := ctx.Message().(type) {
	case *loadRequest:
		session, turns, err := s.store.Load(call, s.phone)
		ctx.Respond(&loadResult{session: session, turns: turns, err: err})
	case *bufferWrite:
		err := s.store.SaveBuffer(call, s.phone, msg.turns)
		if err != nil {
			s.logger.Error("buffer write failed", zap.Error(err))
		}
		if msg.ack != nil {
			ack := &sessionpb.TurnAck{}
			if err != nil {
				ack.Error = "the conversation buffer could not be written"
			}
			ctx.Send(msg.ack, ack)
		}
	case *beginRequest:
		session, history, err := s.store.Begin(call, s.phone, msg.current, msg.fresh)
		ctx.Send(ctx.Parent(), &beginResult{seq: msg.seq, session: session, history: history, err: err})
	case *commitRequest:
		session, err := s.store.Commit(call, msg.commit)
		ctx.Send(ctx.Parent(), &commitResult{seq: msg.seq, session: session, err: err})
	case *logWrite:
		if err := s.store.Log(call, msg.message); err != nil {
			s.logger.Error("message log write failed", zap.String("message_id", msg.message.MessageID), zap.Error(err))
		}
	case *deliveredWrite:
		if err := s.store.Delivered(call, msg.message, msg.response); err != nil {
			s.logger.Error("delivery record failed", zap.String("message_id", msg.message.MessageID), zap.Error(err))
		}
	}
}
