package session

import (
	"time"

	"github.com/intake-runtime/intake/domain"
)

// Metrics receives what conversations count: turns by outcome, model calls
// and their tokens, debounce merges, sends by outcome, live actors. The
// runtime's Prometheus collectors implement it; it is safe for concurrent use.
type Metrics interface {
	// Turn counts a finished turn: replied, silent, superseded or failed.
	Turn(outcome string)
	// ModelCall counts one model call.
	ModelCall(model string, ok bool, tokensIn, tokensOut int, latency time.Duration)
	// DebounceMerged counts customer messages merged into an earlier one's turn.
	DebounceMerged(n int)
	// Sent counts a reply by its final result's error kind ("" when it was
	// sent).
	Sent(kind domain.ErrorKind)
	// OutboxUncertain counts a reply sent again because an earlier call's
	// outcome is unknown: the one case where a customer may get it twice.
	OutboxUncertain()
	// ActorStarted and ActorStopped count session actors.
	ActorStarted()
	ActorStopped()
	// Replied observes a customer's wait for a reply: from the acceptance of
	// the earliest message it answers to its successful send.
	Replied(acceptedAt, sentAt time.Time)
	// OperatorReplied observes a handoff's wait: from the handoff to the
	// first message an operator sent the customer.
	OperatorReplied(handedOffAt, sentAt time.Time)
}

// noMetrics counts nothing, for deployments and tests without collectors.
type noMetrics struct{}

func (noMetrics) Turn(string)                                     {}
func (noMetrics) ModelCall(string, bool, int, int, time.Duration) {}
func (noMetrics) DebounceMerged(int)                              {}
func (noMetrics) Sent(domain.ErrorKind)                           {}
func (noMetrics) OutboxUncertain()                                {}
func (noMetrics) ActorStarted()                                   {}
func (noMetrics) ActorStopped()                                   {}
func (noMetrics) Replied(time.Time, time.Time)                    {}
func (noMetrics) OperatorReplied(time.Time, time.Time)            {}
