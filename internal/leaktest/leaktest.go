// Package leaktest fails a test that leaves goroutines behind, in the manner
// of tailscale's tstest.ResourceCheck: it notes the goroutines running when
// the test starts and, at cleanup, waits a bounded time for every goroutine
// started since to return.
//
// A few library goroutines are not leaks and are ignored: fasthttp's
// process-wide date updater (started once, never stopped) and its worker-pool
// cleaner, which returns on its own up to ten seconds after the server stops.
//
// It is test support only; production code never imports it.
package leaktest

import (
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// settle is how long stopped goroutines get to return: timers and actor
// mailboxes finish asynchronously after their owners stop.
const settle = 5 * time.Second

// ignored are stack fragments of goroutines that are not leaks (see the
// package doc).
var ignored = []string{
	"fasthttp.updateServerDate",
	"fasthttp.(*workerPool).Start.func2",
}

// Check registers a cleanup that fails t when goroutines started during the
// test still run at its end. Call it first, so its cleanup runs last.
func Check(t testing.TB) {
	t.Helper()
	before := goroutines()
	t.Cleanup(func() {
		deadline := time.Now().Add(settle)
		for {
			leaked := leaks(before)
			if len(leaked) == 0 {
				return
			}
			if time.Now().After(deadline) {
				t.Errorf("leaktest: %d goroutines started by the test still run:\n\n%s", len(leaked), strings.Join(leaked, "\n\n"))
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}

// leaks returns the stacks of goroutines running now that were not running
// before and are not ignored.
func leaks(before map[string]bool) []string {
	var leaked []string
	for id, stack := range goroutineStacks() {
		if before[id] || slices.ContainsFunc(ignored, func(s string) bool { return strings.Contains(stack, s) }) {
			continue
		}
		leaked = append(leaked, stack)
	}
	return leaked
}

func goroutines() map[string]bool {
	ids := map[string]bool{}
	for id := range goroutineStacks() {
		ids[id] = true
	}
	return ids
}

// goroutineStacks maps goroutine IDs ("goroutine 12") to their stacks, the
// calling goroutine excepted.
func goroutineStacks() map[string]string {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	stacks := map[string]string{}
	for i, g := range strings.Split(string(buf), "\n\n") {
		if i == 0 {
			continue // the calling goroutine
		}
		header, _, _ := strings.Cut(g, " [")
		stacks[header] = g
	}
	return stacks
}
