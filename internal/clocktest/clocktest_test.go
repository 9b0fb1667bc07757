package clocktest_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/internal/clocktest"
)

func TestTheClockMovesOnlyWhenAdvanced(t *testing.T) {
	start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	c := clocktest.New(start)
	if got := c.Now(); !got.Equal(start) {
		t.Fatalf("Now() = %v, want %v", got, start)
	}
	c.Advance(90 * time.Second)
	if got := c.Now(); !got.Equal(start.Add(90 * time.Second)) {
		t.Errorf("after Advance(90s) Now() = %v, want %v", got, start.Add(90*time.Second))
	}
	c.Set(start)
	if got := c.Now(); !got.Equal(start) {
		t.Errorf("after Set(start) Now() = %v, want %v", got, start)
	}
}
