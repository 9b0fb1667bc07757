package messaging

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/persistence"
)

// Stub is the Sender used when MESSAGING_CLOUD_ENABLED=false: it sends nothing,
// records every call for tests and the emulator to inspect, and succeeds with a
// mock_id of "stub-" and a UUID. It validates arguments exactly as Client does,
// so a message the platform would refuse fails locally too. It is safe for
// concurrent use.
type Stub struct {
	log *zap.Logger

	mu    sync.Mutex
	sends []StubSend
	reads []string
}

// StubSend is one recorded send.
type StubSend struct {
	// To is the recipient as the platform would get it: digits only.
	To     string
	Text   string
	MockID string
	At     time.Time
}

var _ Sender = (*Stub)(nil)

// NewStub returns an empty Stub. A nil logger logs nothing.
func NewStub(logger *zap.Logger) *Stub {
	if logger == nil {
		logger = zap.NewNop()
	}
	return &Stub{log: logger.Named("messaging.stub")}
}

// Send records the message and succeeds.
func (s *Stub) Send(ctx context.Context, to, text string) (persistence.StubResponse, error) {
	digits, err := checkSend(to, text)
	if err != nil {
		return failed(persistence.ErrorKindPermanent, "not sent: %v", err).response(), err
	}
	if err := ctx.Err(); err != nil {
		return failed(persistence.ErrorKindTransient, "not sent: %v", err).response(), err
	}
	id := "stub-" + uuid.NewString()
	s.mu.Lock()
	s.sends = append(s.sends, StubSend{To: digits, Text: text, MockID: id, At: time.Now().UTC()})
	s.mu.Unlock()
	s.log.Debug("stub send recorded", zap.String("to", maskPhone(digits)), zap.String("mock_id", id))
	return succeeded(id, "recorded by the local stub").response(), nil
}

// MarkRead records the message ID and succeeds.
func (s *Stub) MarkRead(ctx context.Context, messageID string) (persistence.StubResponse, error) {
	if err := checkRead(messageID); err != nil {
		return failed(persistence.ErrorKindPermanent, "not sent: %v", err).response(), err
	}
	if err := ctx.Err(); err != nil {
		return failed(persistence.ErrorKindTransient, "not sent: %v", err).response(), err
	}
	s.mu.Lock()
	s.reads = append(s.reads, messageID)
	s.mu.Unlock()
	return succeeded("", "recorded by the local stub").response(), nil
}

// Sends returns a copy of the recorded sends, oldest first.
func (s *Stub) Sends() []StubSend {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.sends)
}

// Reads returns a copy of the message IDs marked read, oldest first.
func (s *Stub) Reads() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.reads)
}

// Reset forgets everything recorded, e.g. when the dashboard clears a chat.
func (s *Stub) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sends, s.reads = nil, nil
}
