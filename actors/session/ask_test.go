package session_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"

	"github.com/intake-runtime/intake/actors/session"
)

// Ask turns what a request's call returned into the caller's answer or
// error, the same for local and cluster addressing.
func TestAskAnswersAndErrors(t *testing.T) {
	other := errors.New("have reached max retries: 8")
	for _, tc := range []struct {
		name    string
		res     any
		err     error
		want    string
		wantErr error
	}{
		{name: "answer", res: "ok", want: "ok"},
		{name: "future timed out", err: actor.ErrTimeout, wantErr: context.DeadlineExceeded},
		{name: "cluster request timed out", err: context.DeadlineExceeded, wantErr: context.DeadlineExceeded},
		{name: "stopped actor", err: actor.ErrDeadLetter, wantErr: session.ErrStopped},
		{name: "other failure", err: other, wantErr: other},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := session.Ask[string](context.Background(), time.Second, func(time.Duration) (any, error) { return tc.res, tc.err })
			if !errors.Is(err, tc.wantErr) || got != tc.want {
				t.Errorf("Ask = %q, %v; want %q, %v", got, err, tc.want, tc.wantErr)
			}
		})
	}
	if _, err := session.Ask[string](context.Background(), time.Second, func(time.Duration) (any, error) { return 42, nil }); err == nil {
		t.Error("an answer of the wrong type was accepted")
	}
}

// The call is bounded by the caller's deadline, or by the fallback when the
// caller has none; a caller out of time is not sent at all.
func TestAskTimeoutIsTheCallersDeadline(t *testing.T) {
	var got time.Duration
	call := func(timeout time.Duration) (any, error) { got = timeout; return "ok", nil }

	if _, err := session.Ask[string](context.Background(), 7*time.Second, call); err != nil || got != 7*time.Second {
		t.Errorf("without a deadline: timeout %s (%v), want the fallback 7s", got, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	if _, err := session.Ask[string](ctx, 7*time.Second, call); err != nil || got < 59*time.Minute {
		t.Errorf("with an hour left: timeout %s (%v), want about an hour", got, err)
	}
	gone, cancelGone := context.WithCancel(context.Background())
	cancelGone()
	got = 0
	if _, err := session.Ask[string](gone, 7*time.Second, call); !errors.Is(err, context.Canceled) || got != 0 {
		t.Errorf("cancelled caller: %v, call made with %s; want Canceled and no call", err, got)
	}
}

// A caller whose context ends stops waiting at once; the request is not
// withdrawn: the call runs to its own end.
func TestAskStopsWaitingWhenTheCallerGoes(t *testing.T) {
	release, ended := make(chan struct{}), make(chan struct{})
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(20 * time.Millisecond); cancel() }()

	start := time.Now()
	_, err := session.Ask[string](ctx, time.Minute, func(time.Duration) (any, error) {
		defer close(ended)
		<-release
		return "late", nil
	})
	if !errors.Is(err, context.Canceled) || time.Since(start) > 5*time.Second {
		t.Fatalf("Ask = %v after %s, want Canceled at once", err, time.Since(start))
	}
	select {
	case <-ended:
		t.Fatal("the call was cut short with its caller")
	default:
	}
	close(release)
	<-ended
}
