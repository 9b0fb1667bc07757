package cloudapi_test

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/domain"
)

// Sequential callers go through one per interval, so no one-second window
// ever holds more than the rate.
func TestClientPacesSends(t *testing.T) {
	p := newPlatform(t, answer(http.StatusOK, okBody))
	clock := newFakeClock(false)
	c := newClient(t, p.URL, func(cfg *cloudapi.ClientConfig) { cfg.MaxRPS = 2; cfg.Clock = clock })
	for range 3 {
		if resp, err := c.Send(context.Background(), "5511988887777", "oi"); err != nil || !resp.Success {
			t.Fatalf("Send = %+v, %v", resp, err)
		}
	}
	want := []time.Duration{500 * time.Millisecond, time.Second}
	if got := clock.SleepsOver(time.Nanosecond); !slices.Equal(got, want) {
		t.Errorf("pacing waits = %v, want %v", got, want)
	}
}

// Pacing counts what the platform counts: a mark-read is not a message, so N
// replies and N mark-reads at MaxRPS=R take N/R of (fake) time, as N replies
// alone do; they took 2N/R when both shared one bucket. Mark-reads are still
// spaced among themselves at R.
func TestMarkReadsDoNotTakeTheReplyBudget(t *testing.T) {
	const n, rate = 40, 80.0
	tests := []struct {
		name      string
		markReads bool
	}{
		{"replies alone", false},
		{"replies and mark-reads", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := newPlatform(t, answer(http.StatusOK, okBody))
			clock := newFakeClock(true)
			c := newClient(t, p.URL, func(cfg *cloudapi.ClientConfig) { cfg.MaxRPS = rate; cfg.Clock = clock })
			start := clock.Now()
			for i := range n {
				if tt.markReads {
					if resp, err := c.MarkRead(context.Background(), "wamid.IN"+itoa(i)); err != nil || !resp.Success {
						t.Fatalf("MarkRead = %+v, %v", resp, err)
					}
				}
				if resp, err := c.Send(context.Background(), "5511988887777", "oi"); err != nil || !resp.Success {
					t.Fatalf("Send = %+v, %v", resp, err)
				}
			}
			// The n-th reply leaves (n-1)/R after the first: n/R per n replies.
			want := time.Duration(float64(n-1) / rate * float64(time.Second))
			if got := clock.Now().Sub(start); got != want {
				t.Errorf("%d replies took %v of pacing, want %v (one bucket for both would take %v)",
					n, got, want, time.Duration(float64(2*n-1)/rate*float64(time.Second)))
			}
			if got := len(p.requests()); got != n*(1+btoi(tt.markReads)) {
				t.Errorf("platform got %d requests", got)
			}
		})
	}
}

// Mark-reads are paced among themselves at MaxRPS, and a fractional rate is
// kept as it is: 0.5 is one every two seconds, not rounded up to one a second.
func TestMarkReadsPacedAtFractionalRate(t *testing.T) {
	p := newPlatform(t, answer(http.StatusOK, `{"success":true}`))
	clock := newFakeClock(false)
	c := newClient(t, p.URL, func(cfg *cloudapi.ClientConfig) { cfg.MaxRPS = 0.5; cfg.Clock = clock })
	for range 3 {
		if resp, err := c.MarkRead(context.Background(), "wamid.IN1"); err != nil || !resp.Success {
			t.Fatalf("MarkRead = %+v, %v", resp, err)
		}
	}
	if resp, err := c.Send(context.Background(), "5511988887777", "oi"); err != nil || !resp.Success {
		t.Fatalf("Send = %+v, %v", resp, err)
	}
	want := []time.Duration{2 * time.Second, 4 * time.Second}
	if got := clock.SleepsOver(time.Nanosecond); !slices.Equal(got, want) {
		t.Errorf("pacing waits = %v, want %v (the send waits for no mark-read)", got, want)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// After 131056 a recipient is paused for a doubling delay, capped, and a
// success forgets it; other recipients are not affected.
func TestPairRateLimitBackoff(t *testing.T) {
	const limitedFirst = 4
	p := newPlatform(t, func(n int, _ *http.Request) (int, string) {
		if n < limitedFirst {
			return http.StatusBadRequest, platformError(cloudapi.CodePairRateLimit, "Pair rate limit hit")
		}
		return http.StatusOK, okBody
	})
	clock := newFakeClock(true)
	c := newClient(t, p.URL, func(cfg *cloudapi.ClientConfig) {
		cfg.Clock = clock
		cfg.PairBackoffBase = 6 * time.Second
		cfg.PairBackoffMax = 20 * time.Second
	})
	var kinds []domain.ErrorKind
	for range limitedFirst + 2 {
		resp, err := c.Send(context.Background(), "5511988887777", "oi")
		if err != nil {
			t.Fatal(err)
		}
		kinds = append(kinds, resp.ErrorKind)
	}
	wantKinds := []domain.ErrorKind{"transient", "transient", "transient", "transient", "", ""}
	if !slices.Equal(kinds, wantKinds) {
		t.Errorf("kinds = %v, want %v", kinds, wantKinds)
	}
	// Waits before sends 2..5; none before send 6, since send 5 succeeded.
	want := []time.Duration{6 * time.Second, 12 * time.Second, 20 * time.Second, 20 * time.Second}
	if got := clock.SleepsOver(time.Second); !slices.Equal(got, want) {
		t.Errorf("recipient pauses = %v, want %v", got, want)
	}
	if n := len(p.requests()); n != limitedFirst+2 {
		t.Errorf("platform got %d requests, want %d", n, limitedFirst+2)
	}
}

func TestPairRateLimitPausesOnlyThatRecipient(t *testing.T) {
	p := newPlatform(t, answer(http.StatusBadRequest, platformError(cloudapi.CodePairRateLimit, "Pair rate limit hit")))
	clock := newFakeClock(true)
	c := newClient(t, p.URL, func(cfg *cloudapi.ClientConfig) { cfg.Clock = clock })
	_, _ = c.Send(context.Background(), "5511988887777", "oi")
	_, _ = c.Send(context.Background(), "5521977776666", "oi")
	if got := clock.SleepsOver(time.Second); len(got) != 0 {
		t.Errorf("another recipient waited %v, want no pause", got)
	}
}

// When the caller's deadline ends before the pause, Send fails transient at
// once, without a request and without sleeping.
func TestPairRateLimitPastDeadlineFailsFast(t *testing.T) {
	p := newPlatform(t, answer(http.StatusBadRequest, platformError(cloudapi.CodePairRateLimit, "Pair rate limit hit")))
	clock := newFakeClock(true)
	c := newClient(t, p.URL, func(cfg *cloudapi.ClientConfig) { cfg.Clock = clock })
	_, _ = c.Send(context.Background(), "5511988887777", "oi")

	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	resp, err := c.Send(ctx, "5511988887777", "oi")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error = %v, want DeadlineExceeded", err)
	}
	if resp.Success || resp.ErrorKind != domain.ErrorKindTransient {
		t.Errorf("response = %+v, want transient", resp)
	}
	if n := len(p.requests()); n != 1 {
		t.Errorf("platform got %d requests, want 1", n)
	}
	if got := clock.SleepsOver(time.Second); len(got) != 0 {
		t.Errorf("slept %v, want no sleep", got)
	}
}
