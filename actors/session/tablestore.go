package session

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/persistence"
)

// TableStore is the Store of conversations over the key-value table, through
// the persistence repositories.
type TableStore struct {
	sessions *persistence.Sessions
	messages *persistence.Messages
	buffers  *persistence.DebounceBuffers
	receipts *persistence.Receipts
	demands  *persistence.Demands
	queue    *persistence.HandoffQueue
}

var _ Store = (*TableStore)(nil)

// NewTableStore returns the Store of conversations kept in table.
func NewTableStore(table persistence.Table) *TableStore {
	return &TableStore{
		sessions: persistence.NewSessions(table),
		messages: persistence.NewMessages(table),
		buffers:  persistence.NewDebounceBuffers(table),
		receipts: persistence.NewReceipts(table),
		demands:  persistence.NewDemands(table),
		queue:    persistence.NewHandoffQueue(table),
	}
}

// Load implements Store.
func (s *TableStore) Load(ctx context.Context, phone string) (*persistence.Session, []*sessionpb.InboundTurn, error) {
	var active *persistence.Session
	session, err := s.sessions.Active(ctx, phone)
	switch {
	case err == nil:
		active = &session
	case !errors.Is(err, persistence.ErrNotFound):
		return nil, nil, err
	}
	stored, err := s.buffers.Load(ctx, phone)
	if err != nil {
		return nil, nil, err
	}
	turns := make([]*sessionpb.InboundTurn, 0, len(stored))
	for _, t := range stored {
		turns = append(turns, ProtoTurn(t))
	}
	return active, turns, nil
}

// WaitingPhones implements Store.
func (s *TableStore) WaitingPhones(ctx context.Context) ([]string, error) {
	phones, err := s.buffers.Phones(ctx)
	if err != nil {
		return nil, err
	}
	queued, err := s.queue.List(ctx)
	if err != nil {
		return nil, err
	}
	for _, q := range queued {
		if q.State == persistence.StateHandoff && !slices.Contains(phones, q.PhoneNumber) {
			phones = append(phones, q.PhoneNumber)
		}
	}
	return phones, nil
}

// SaveBuffer implements Store.
func (s *TableStore) SaveBuffer(ctx context.Context, phone string, turns []*sessionpb.InboundTurn) error {
	if len(turns) == 0 {
		return s.buffers.Clear(ctx, phone)
	}
	stored := make([]persistence.InboundTurn, 0, len(turns))
	for _, t := range turns {
		stored = append(stored, RecordTurn(t))
	}
	return s.buffers.Save(ctx, phone, stored)
}

// Begin implements Store.
func (s *TableStore) Begin(ctx context.Context, phone string, current *persistence.Session, fresh func(*persistence.Session) persistence.Session) (persistence.Session, []persistence.Message, error) {
	if current != nil && current.State != persistence.StateClosed {
		history, err := s.messages.List(ctx, phone, current.SessionID)
		return *current, history, err
	}
	var previous *persistence.Session
	last, err := s.sessions.LastClosed(ctx, phone)
	switch {
	case err == nil:
		previous = &last
	case !errors.Is(err, persistence.ErrNotFound):
		return persistence.Session{}, nil, err
	}
	created, err := s.sessions.Create(ctx, fresh(previous))
	if err != nil {
		return persistence.Session{}, nil, fmt.Errorf("session: start a conversation: %w", err)
	}
	return created, nil, nil
}

// Commit implements Store, in the order documented on Commit.
func (s *TableStore) Commit(ctx context.Context, c Commit) (persistence.Session, error) {
	for _, m := range c.Messages {
		if err := s.messages.Append(ctx, m); err != nil {
			return persistence.Session{}, err
		}
	}
	saved, err := s.sessions.Save(ctx, c.Session)
	if err != nil {
		return persistence.Session{}, err
	}
	if err := s.SaveBuffer(ctx, c.Phone, c.Buffer); err != nil {
		return saved, err
	}
	if c.Demand != nil {
		if err := s.demands.Add(ctx, *c.Demand); err != nil {
			return saved, err
		}
	}
	for _, id := range c.Receipts {
		if err := s.complete(ctx, c.Phone, id, c.Now); err != nil {
			return saved, err
		}
	}
	return saved, nil
}

// complete marks a turn's receipt completed and takes it off the phone's
// pending marker. Turns without a receipt (chat) and receipts marked by an
// earlier try are fine.
func (s *TableStore) complete(ctx context.Context, phone, messageID string, now time.Time) error {
	err := s.receipts.Mark(ctx, messageID, persistence.StepCompleted, now)
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return nil
	case err != nil && !errors.Is(err, persistence.ErrConflict):
		return err
	}
	return s.receipts.RemovePending(ctx, phone, messageID)
}

// Log implements Store.
func (s *TableStore) Log(ctx context.Context, m persistence.Message) error {
	return s.messages.Append(ctx, m)
}

// Delivered implements Store: the platform's message ID goes on the logged
// message, so the webhook can later record its delivery statuses on it.
func (s *TableStore) Delivered(ctx context.Context, m persistence.Message, res persistence.StubResponse) error {
	if !res.Success || res.MockID == "" {
		return nil
	}
	return s.messages.SetProviderMessageID(ctx, m, string(res.MockID))
}

// ProtoTurn is the message form of a stored turn, the one that may cross a
// node on its way to the conversation.
func ProtoTurn(t persistence.InboundTurn) *sessionpb.InboundTurn {
	return &sessionpb.InboundTurn{
		PhoneNumber: t.PhoneNumber,
		MessageId:   t.MessageID,
		Content:     t.Content,
		ReceivedAt:  timestamppb.New(t.ReceivedAt),
		Instance:    t.Instance,
		MessageType: string(t.MessageType),
		PushName:    t.PushName,
	}
}

// RecordTurn is the stored form of a turn message.
func RecordTurn(t *sessionpb.InboundTurn) persistence.InboundTurn {
	return persistence.InboundTurn{
		PhoneNumber: t.GetPhoneNumber(),
		MessageID:   t.GetMessageId(),
		Content:     t.GetContent(),
		ReceivedAt:  t.GetReceivedAt().AsTime().UTC(),
		Instance:    t.GetInstance(),
		MessageType: persistence.MessageType(t.GetMessageType()),
		PushName:    t.GetPushName(),
	}
}
