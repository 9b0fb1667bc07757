//go:build linux

package main_test

import (
	"bufio"
	"io"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestFirstRunBannerGuidesANewcomer runs the binary that `make run` starts,
// `intake emulator`, as a newcomer would on a fresh checkout: in a directory
// without .env and with an empty environment, except DASHBOARD_PORT=0 so the
// test does not depend on port 8080 being free. The banner must name the demo
// model, the dashboard's URL and how to log in to the operator console.
func TestFirstRunBannerGuidesANewcomer(t *testing.T) {
	bin := buildIntake(t)
	cmd := exec.Command(bin, "emulator")
	cmd.Dir = t.TempDir()
	cmd.Env = []string{"DASHBOARD_PORT=0"}
	cmd.Stderr = io.Discard
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	banner := make(chan string, 1)
	go func() {
		var b strings.Builder
		lines := bufio.NewScanner(stdout)
		for lines.Scan() {
			b.WriteString(lines.Text() + "\n")
			if strings.Contains(lines.Text(), "Ctrl+C") {
				break
			}
		}
		banner <- b.String()
		_, _ = io.Copy(io.Discard, stdout) // keep the pipe drained until exit
	}()
	var got string
	select {
	case got = <-banner:
	case <-time.After(60 * time.Second):
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		t.Fatal("no banner within a minute")
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("intake emulator after SIGTERM: %v, want exit 0", err)
	}
	url := ""
	for line := range strings.Lines(got) {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "URL" {
			url = f[1]
		}
	}
	if !strings.HasPrefix(url, "http://localhost:") {
		t.Fatalf("banner names no dashboard URL:\n%s", got)
	}
	for _, want := range []string{
		"demo model, offline: set LLM_API_KEY for a real one",
		url + "/atendimento",
		"log in as +5511900000000",
		"the code is shown on the login page",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("banner lacks %q:\n%s", want, got)
		}
	}
}
