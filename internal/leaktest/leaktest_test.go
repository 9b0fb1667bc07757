package leaktest_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/internal/leaktest"
)

// recorder is a testing.TB that keeps failures instead of reporting them.
type recorder struct {
	testing.TB
	cleanups []func()
	failed   bool
}

func (r *recorder) Helper()               {}
func (r *recorder) Cleanup(f func())      { r.cleanups = append(r.cleanups, f) }
func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) finish() {
	for _, f := range r.cleanups {
		f()
	}
}

func TestCheckReportsAGoroutineLeftRunning(t *testing.T) {
	stop := make(chan struct{})
	defer close(stop)
	r := &recorder{TB: t}
	leaktest.Check(r)
	go func() { <-stop }()
	r.finish()
	if !r.failed {
		t.Error("a goroutine left running was not reported")
	}
}

func TestCheckWaitsForGoroutinesThatEndSoon(t *testing.T) {
	r := &recorder{TB: t}
	leaktest.Check(r)
	go func() { time.Sleep(50 * time.Millisecond) }()
	r.finish()
	if r.failed {
		t.Error("a goroutine that returned within the settle time was reported")
	}
}
