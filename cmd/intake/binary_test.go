//go:build linux

package main_test

import (
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// buildIntake builds this command into a temporary directory and returns the
// binary's path, for the tests that run it as a separate process.
func buildIntake(t *testing.T) string {
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to build intake: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "intake")
	start := time.Now()
	build := exec.Command(goBin, "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/intake: %v\n%s", err, out)
	}
	t.Logf("built intake in %v", time.Since(start).Round(time.Millisecond))
	return bin
}
