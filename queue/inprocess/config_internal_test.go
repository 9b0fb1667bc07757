package inprocess

import (
	"testing"
	"time"
)

func TestBackoffDoublesUpToTheCap(t *testing.T) {
	cfg := Config{RetryBackoff: 100 * time.Millisecond, MaxRetryBackoff: time.Second}
	want := []time.Duration{100, 200, 400, 800, 1000, 1000}
	for i, w := range want {
		if got := cfg.backoff(i + 1); got != w*time.Millisecond {
			t.Errorf("backoff(%d) = %v, want %v", i+1, got, w*time.Millisecond)
		}
	}
}
