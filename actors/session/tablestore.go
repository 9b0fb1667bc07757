package session

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// TableStore is the Store of conversations over the key-value table, through
// the persistence repositories.
type TableStore struct {
	sessions    *persistence.Sessions
	messages    *persistence.Messages
	buffers     *persistence.DebounceBuffers
	turns       *persistence.Turns
	projections *persistence.Projections
	outbox      *persistence.Outbox
	queue       *persistence.HandoffQueue
	legacy      legacyBuffers
	// unprojected: no sync job runs (CRM and ERP both off), so commits
	// record no CRM/ERP intent.
	unprojected bool
}

var _ Store = (*TableStore)(nil)

// NewTableStore returns the Store of conversations kept in table.
func NewTableStore(table persistence.Table) *TableStore {
	return &TableStore{
		sessions:    persistence.NewSessions(table),
		messages:    persistence.NewMessages(table),
		buffers:     persistence.NewDebounceBuffers(table),
		turns:       persistence.NewTurns(table),
		projections: persistence.NewProjections(table),
		outbox:      persistence.NewOutbox(table),
		queue:       persistence.NewHandoffQueue(table),
	}
}

// WithoutProjection makes s commit turns without their CRM/ERP intent:
// for a deployment whose sync job is off (CRM and ERP both disabled), where
// nothing would ever read the intent. It saves a read of the projection
// item and its write in the transaction (with its index entry) on every
// turn that would change it: 22 of a registration's 213 write units on
// DynamoDB Local. A session that changes after the sync is turned on
// records its intent then.
// Call it before the store is used.
func (s *TableStore) WithoutProjection() *TableStore {
	s.unprojected = true
	return s
}

// Load implements Store.
func (s *TableStore) Load(ctx context.Context, phone string) (Loaded, error) {
	var loaded Loaded
	session, err := s.sessions.Active(ctx, phone)
	switch {
	case err == nil:
		loaded.Session = &session
		if loaded.History, err = s.messages.List(ctx, phone, session.SessionID); err != nil {
			return Loaded{}, err
		}
	case errors.Is(err, persistence.ErrNoSessions):
		loaded.NoSessions = true
	case !errors.Is(err, persistence.ErrNotFound):
		return Loaded{}, err
	}
	loaded.Turns = []*sessionpb.InboundTurn{}
	if !s.legacy.mayHold(phone) {
		return loaded, nil
	}
	stored, err := s.buffers.Load(ctx, phone)
	if err != nil {
		return Loaded{}, err
	}
	if len(stored) == 0 {
		s.legacy.forget(phone)
	}
	for _, t := range stored {
		loaded.Turns = append(loaded.Turns, ProtoTurn(t))
	}
	return loaded, nil
}

// WaitingPhones implements Store.
func (s *TableStore) WaitingPhones(ctx context.Context) ([]string, error) {
	phones, err := s.buffers.Phones(ctx)
	if err != nil {
		return nil, err
	}
	s.legacy.listed(phones)
	queued, err := s.queue.List(ctx)
	if err != nil {
		return nil, err
	}
	for _, q := range queued {
		// Waiting ones keep their renotifications, assigned ones not taken
		// up their lapse.
		if (q.Waiting() || q.AssignedAt != nil) && !slices.Contains(phones, q.PhoneNumber) {
			phones = append(phones, q.PhoneNumber)
		}
	}
	unsent, err := s.outbox.Unfinished(ctx, time.Time{})
	if err != nil {
		return nil, err
	}
	for _, m := range unsent {
		if !slices.Contains(phones, m.PhoneNumber) {
			phones = append(phones, m.PhoneNumber)
		}
	}
	return phones, nil
}

// Begin implements Store.
func (s *TableStore) Begin(ctx context.Context, phone string, prior Prior, fresh func(*domain.Session) domain.Session) (Begun, error) {
	if current := prior.Current; current != nil && current.State != domain.StateClosed {
		history, err := s.messages.List(ctx, phone, current.SessionID)
		return Begun{Session: *current, History: history}, err
	}
	var previous *domain.Session
	if !prior.NoSessions {
		last, err := s.sessions.LastClosed(ctx, phone)
		switch {
		case err == nil:
			previous = &last
		case !errors.Is(err, persistence.ErrNotFound):
			return Begun{}, fmt.Errorf("session: start a conversation: %w", err)
		}
	}
	return Begun{Session: fresh(previous), New: true}, nil
}

// Commit implements Store.
func (s *TableStore) Commit(ctx context.Context, c Commit) (domain.Session, error) {
	turn := persistence.TurnCommit{
		Phone:         c.Phone,
		Messages:      c.Messages,
		Session:       c.Session,
		Create:        c.Create,
		Pending:       c.Pending,
		MarkerWritten: c.MarkerWritten,
		DropBuffer:    c.DropBuffer,
		Consumed:      c.Consumed,
		Demand:        c.Demand,
		Now:           c.Now,
	}
	if c.Project && !s.unprojected {
		session, intent, err := projection.Intent(ctx, s.projections, c.Session, c.Now)
		if err != nil {
			return domain.Session{}, err
		}
		turn.Session = session
		if intent != nil {
			turn.Extra = append(turn.Extra, *intent)
		}
	}
	if c.Note != nil {
		note, err := persistence.NoteTx(*c.Note)
		if err != nil {
			return domain.Session{}, err
		}
		turn.Extra = append(turn.Extra, note)
	}
	if c.Audit != nil {
		entry, err := persistence.AuditTx(*c.Audit)
		if err != nil {
			return domain.Session{}, err
		}
		turn.Extra = append(turn.Extra, entry)
	}
	if c.Reset {
		turn.Extra = append(turn.Extra, persistence.ResetPointerTx(c.Phone))
	}
	return s.turns.Commit(ctx, turn)
}

// Reset implements Store.
func (s *TableStore) Reset(ctx context.Context, phone string) error {
	return s.sessions.Reset(ctx, phone)
}

// ProtoTurn is the message form of a stored turn, the one that may cross a
// node on its way to the conversation.
func ProtoTurn(t domain.InboundTurn) *sessionpb.InboundTurn {
	return &sessionpb.InboundTurn{
		PhoneNumber: t.PhoneNumber,
		MessageId:   t.MessageID,
		Content:     t.Content,
		ReceivedAt:  timestamppb.New(t.ReceivedAt),
		Instance:    t.Instance,
		MessageType: string(t.MessageType),
		PushName:    t.PushName,
		ReplyId:     t.ReplyID,
		ReplyTo:     t.ReplyTo,
		Media:       protoMedia(t.Media),
		AcceptedAt:  protoTime(t.AcceptedAt),
	}
}

// protoTime is the message form of an optional time: nil stays absent.
func protoTime(t *time.Time) *timestamppb.Timestamp {
	if t == nil {
		return nil
	}
	return timestamppb.New(*t)
}
