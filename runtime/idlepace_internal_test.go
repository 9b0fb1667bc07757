package runtime

import (
	"errors"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/projection"
)

// The sync job reads its backlog at the first tick, after an intent, once
// the earliest waiting projection falls due, after a failure, and
// otherwise every idle interval.
func TestSyncPaceReadsTheBacklogOnlyWhenThereCanBeWork(t *testing.T) {
	t0 := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	const idle = 10 * time.Minute
	ran := func(res projection.Result, err error) syncPace {
		p := syncPace{idle: idle}
		p.ran(t0, res, err)
		return p
	}
	tests := []struct {
		name   string
		pace   syncPace
		at     time.Duration // after t0
		intent bool
		want   bool
	}{
		{name: "first tick", pace: syncPace{idle: idle}, at: 0, want: true},
		{name: "idle tick", pace: ran(projection.Result{}, nil), at: 30 * time.Second, want: false},
		{name: "a turn recorded an intent", pace: ran(projection.Result{}, nil), at: 30 * time.Second, intent: true, want: true},
		{name: "before a backoff's end", pace: ran(projection.Result{NextDue: t0.Add(time.Minute)}, nil), at: 30 * time.Second, want: false},
		{name: "at a backoff's end", pace: ran(projection.Result{NextDue: t0.Add(time.Minute)}, nil), at: time.Minute, want: true},
		{name: "after a failed run", pace: ran(projection.Result{}, errors.New("table down")), at: 30 * time.Second, want: true},
		{name: "just short of the idle interval", pace: ran(projection.Result{}, nil), at: idle - time.Second, want: false},
		{name: "the idle interval", pace: ran(projection.Result{}, nil), at: idle, want: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.pace.due(t0.Add(tt.at), tt.intent); got != tt.want {
				t.Errorf("due = %v, want %v", got, tt.want)
			}
		})
	}
}

// The settings refresh slows down while nothing changes, up to a minute,
// and goes back to PROMPT_REFRESH at a change: 10 s, 20 s, 40 s, 60 s.
func TestSettingsRefreshPause(t *testing.T) {
	const interval, longest = 10 * time.Second, time.Minute
	pause := interval
	var got []time.Duration
	for range 4 {
		pause = nextRefreshPause(pause, interval, longest, false)
		got = append(got, pause)
	}
	want := []time.Duration{20 * time.Second, 40 * time.Second, time.Minute, time.Minute}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("pauses while nothing changes = %v, want %v", got, want)
		}
	}
	if p := nextRefreshPause(longest, interval, longest, true); p != interval {
		t.Errorf("pause after a change = %v, want PROMPT_REFRESH %v", p, interval)
	}
}
