package messaging

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/recent"
	"github.com/intake-runtime/intake/internal/redact"
)

// Stub is the Sender used when MESSAGING_CLOUD_ENABLED=false: it sends nothing,
// records every call for tests and the emulator to inspect, and succeeds with a
// mock_id of "stub-" and a UUID. It validates arguments exactly as the
// platform clients do (CheckSend, CheckRead), so a message the platform would
// refuse fails locally too. It keeps the last history calls of each kind
// (STUB_HISTORY, see NewStub). It is safe for concurrent use.
type Stub struct {
	log *zap.Logger

	mu    sync.Mutex
	sends recent.List[StubSend]
	reads recent.List[string]
}

// StubSend is one recorded send.
type StubSend struct {
	// To is the recipient as the platform would get it: digits only.
	To   string
	Text string
	// Options are the choices of an interactive send, and Form how they
	// were shown; none for a text send (numbered options are in Text).
	Options []string
	Form    Form
	MockID  string
	At      time.Time
}

var (
	_ Sender        = (*Stub)(nil)
	_ OptionsSender = (*Stub)(nil)
)

// NewStub returns an empty Stub that keeps the last history sends and
// reads (none given, or zero: recent.DefaultMax). A nil logger logs nothing.
func NewStub(logger *zap.Logger, history ...int) *Stub {
	if logger == nil {
		logger = zap.NewNop()
	}
	s := &Stub{log: logger.Named("messaging.stub")}
	if len(history) > 0 {
		s.sends.Max, s.reads.Max = history[0], history[0]
	}
	return s
}

// Send records the message and succeeds.
func (s *Stub) Send(ctx context.Context, to, text string) (domain.AdapterResult, error) {
	digits, err := CheckSend(to, text)
	if err != nil {
		return notSent(domain.ErrorKindPermanent, err), err
	}
	return s.record(ctx, StubSend{To: digits, Text: text})
}

// SendOptions records the message with its options and the form the
// platform would show them in, and succeeds.
func (s *Stub) SendOptions(ctx context.Context, to, text string, options []string) (domain.AdapterResult, error) {
	digits, form, err := CheckOptions(to, text, options)
	if err != nil {
		return notSent(domain.ErrorKindPermanent, err), err
	}
	return s.record(ctx, StubSend{To: digits, Text: text, Options: append([]string(nil), options...), Form: form})
}

// record keeps a send that passed its checks.
func (s *Stub) record(ctx context.Context, send StubSend) (domain.AdapterResult, error) {
	if err := ctx.Err(); err != nil {
		return notSent(domain.ErrorKindTransient, err), err
	}
	id := "stub-" + uuid.NewString()
	send.MockID, send.At = id, time.Now().UTC()
	s.mu.Lock()
	s.sends.Add(send)
	s.mu.Unlock()
	s.log.Debug("stub send recorded", redact.Phone("to", send.To), zap.String("mock_id", id))
	return recorded(id), nil
}

// SendTemplate records the template, as its name and parameters, and
// succeeds.
func (s *Stub) SendTemplate(ctx context.Context, to string, t domain.TemplateSend) (domain.AdapterResult, error) {
	if _, err := CheckTemplate(to, t); err != nil {
		return notSent(domain.ErrorKindPermanent, err), err
	}
	return s.Send(ctx, to, "template "+t.Name+" "+strings.Join(t.Params, " | "))
}

// MarkRead records the message ID and succeeds.
func (s *Stub) MarkRead(ctx context.Context, messageID string) (domain.AdapterResult, error) {
	if err := CheckRead(messageID); err != nil {
		return notSent(domain.ErrorKindPermanent, err), err
	}
	if err := ctx.Err(); err != nil {
		return notSent(domain.ErrorKindTransient, err), err
	}
	s.mu.Lock()
	s.reads.Add(messageID)
	s.mu.Unlock()
	return recorded(""), nil
}

// recorded is the stub's success; mock_id is null without an ID.
func recorded(id string) domain.AdapterResult {
	return domain.AdapterResult{Success: true, MockID: domain.NullString(id), Detail: "recorded by the local stub"}
}

// notSent is the stub's refusal of a call its caller got wrong.
func notSent(kind domain.ErrorKind, err error) domain.AdapterResult {
	return domain.AdapterResult{Detail: "not sent: " + err.Error(), ErrorKind: kind}
}

// Sends returns a copy of the recorded sends, oldest first.
func (s *Stub) Sends() []StubSend {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sends.All()
}

// Reads returns a copy of the message IDs marked read, oldest first.
func (s *Stub) Reads() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reads.All()
}

// Reset forgets everything recorded, e.g. when the dashboard clears a chat.
func (s *Stub) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sends, s.reads = recent.List[StubSend]{Max: s.sends.Max}, recent.List[string]{Max: s.reads.Max}
}
