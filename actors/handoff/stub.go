package handoff

import (
	"context"
	"fmt"
	"sync"

	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/recent"
)

// Stub is the Notifier used when HANDOFF_NOTIFIER_ENABLED=false: it tells
// nobody, records every notice for tests and the emulator to inspect, logs
// it, and answers success with notified=false and the queue position, which
// is the spec's "queued, not notified". It is safe for concurrent use.
type Stub struct {
	log *zap.Logger

	mu      sync.Mutex
	notices recent.List[Notice]
}

var _ Notifier = (*Stub)(nil)

// NewStub returns an empty Stub that keeps the last history notices (none
// given, or zero: recent.DefaultMax, STUB_HISTORY). A nil logger logs
// nothing.
func NewStub(logger *zap.Logger, history ...int) *Stub {
	if logger == nil {
		logger = zap.NewNop()
	}
	s := &Stub{log: logger.Named("handoff.stub")}
	if len(history) > 0 {
		s.notices.Max = history[0]
	}
	return s
}

// Notify records n and reports the conversation queued.
func (s *Stub) Notify(ctx context.Context, n Notice) (domain.HandoffNotifyResult, error) {
	if err := ctx.Err(); err != nil {
		return Failed(n.QueuePosition, domain.ErrorKindTransient, "not recorded: "+err.Error()), err
	}
	s.mu.Lock()
	s.notices.Add(n)
	s.mu.Unlock()
	s.log.Info("handoff queued; notifications are off (HANDOFF_NOTIFIER_ENABLED=false)",
		zap.String("session_id", n.Session.SessionID), zap.Int("queue_position", n.QueuePosition),
		zap.Bool("renotify", n.Renotify))
	return Queued(n.QueuePosition, "stub-"+uuid.NewString(),
		fmt.Sprintf("queued at position %d; notifications are off, nobody was told", n.QueuePosition)), nil
}

// Notices returns a copy of the recorded notices, oldest first.
func (s *Stub) Notices() []Notice {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.notices.All()
}
