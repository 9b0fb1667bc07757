package logging_test

import (
	"fmt"
	"log"
	"os"
	"strings"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/intake-runtime/intake/runtime/logging"
)

// What a library prints on stdout or through the log package becomes an
// entry of the logger, one per line, masked and without colour codes; once
// released, both write where they did before.
func TestCaptureTurnsPrintsIntoEntries(t *testing.T) {
	core, logs := observer.New(zapcore.DebugLevel)
	stdout := os.Stdout
	release, err := logging.Capture(zap.New(core))
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(os.Stdout, "⇨ http server started on \x1b[32m[::]:6330\x1b[0m\n")
	fmt.Fprint(os.Stdout, "two lines\nfor +5511987654321\n\n")
	log.Printf("[ROUTING] router failed for %s", "5511987654321")
	fmt.Fprint(os.Stdout, "no line end")
	release()
	release() // a second call does nothing

	if os.Stdout != stdout {
		t.Error("os.Stdout was not restored")
	}
	var got []string
	for _, e := range logs.All() {
		if e.Level != zapcore.InfoLevel {
			t.Errorf("%q logged at %s, want info", e.Message, e.Level)
		}
		got = append(got, e.LoggerName+": "+e.Message)
	}
	// The log package writes at once, the pipe is read in its own time.
	want := map[string]bool{
		"stdout: ⇨ http server started on [::]:6330": true,
		"stdout: two lines":                          true,
		"stdout: for …4321":                          true,
		"log: [ROUTING] router failed for …4321":     true,
		"stdout: no line end":                        true,
	}
	for _, g := range got {
		if !want[g] {
			t.Errorf("unexpected entry %q", g)
		}
		delete(want, g)
	}
	if len(want) > 0 {
		t.Errorf("missing entries %v; got %s", want, strings.Join(got, " | "))
	}
}
