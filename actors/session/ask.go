package session

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/asynkron/protoactor-go/actor"
)

// Ask is how a caller waits for a conversation's answer, wherever the
// conversation runs: the local Supervisor and the cluster's addressing both
// send through it, so the two cannot disagree on when a caller stops
// waiting.
//
// call sends the request and blocks until the answer, an error, or timeout:
// ctx's deadline, or fallback when ctx has none. Ask returns the answer as a
// T.
//
// A caller whose ctx ends stops waiting at once and gets ctx's error; the
// request is not withdrawn. A message in a mailbox cannot be recalled, and
// the conversation finishes what it took: a turn it acknowledged is kept by
// its receipt, which the recovery sweep hands over again if the turn does
// not complete, so durability never rests on a caller that is still
// listening. Its answer, when it comes, is dropped. Waiting on instead would
// hold a stopping queue consumer or a departed HTTP client for up to the
// whole timeout (a minute locally) for an answer nobody reads.
//
// Stopping early leaves call running on its own goroutine until its answer
// or its timeout, whichever comes first; that goroutine is the price of
// calls that do not watch a context (protoactor's futures and cluster
// requests do not), and the timeout is what bounds it.
//
// The errors: ctx's own when it ended; one wrapping
// context.DeadlineExceeded when no answer came within the timeout;
// ErrStopped when the request reached a stopped actor; otherwise call's.
func Ask[T any](ctx context.Context, fallback time.Duration, call func(timeout time.Duration) (any, error)) (T, error) {
	var zero T
	if err := ctx.Err(); err != nil {
		return zero, err
	}
	timeout := fallback
	if deadline, ok := ctx.Deadline(); ok {
		timeout = time.Until(deadline)
	}
	if timeout <= 0 {
		return zero, context.DeadlineExceeded
	}
	type result struct {
		res any
		err error
	}
	done := make(chan result, 1) // buffered: an abandoned call still ends
	go func() {
		res, err := call(timeout)
		done <- result{res, err}
	}()
	var r result
	select {
	case r = <-done:
	case <-ctx.Done():
		return zero, ctx.Err()
	}
	switch {
	case errors.Is(r.err, actor.ErrTimeout), errors.Is(r.err, context.DeadlineExceeded):
		return zero, fmt.Errorf("session: no answer within %s: %w", timeout, context.DeadlineExceeded)
	case errors.Is(r.err, actor.ErrDeadLetter):
		return zero, ErrStopped
	case r.err != nil:
		return zero, r.err
	}
	answer, ok := r.res.(T)
	if !ok {
		return zero, fmt.Errorf("session: unexpected answer %T", r.res)
	}
	return answer, nil
}
