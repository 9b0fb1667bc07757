package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/intake-runtime/intake/internal/leaktest"
)

// TestEmulatorStopsCleanlyOnSIGTERM runs the command as main does, with the
// process's own signal handling, sends it SIGTERM and expects exit 0 with
// nothing left running: the server, the queue, the actors all stopped.
func TestEmulatorStopsCleanlyOnSIGTERM(t *testing.T) {
	warmSignalLoop()
	leaktest.Check(t)
	port := freePort(t)
	env := map[string]string{"DASHBOARD_PORT": strconv.Itoa(port)}
	var stdout, stderr lockedBuffer
	exited := make(chan int, 1)
	go func() { exited <- run([]string{"emulator"}, &stdout, &stderr, lookupOf(env)) }()

	base := "http://127.0.0.1:" + strconv.Itoa(port)
	if body := waitForHealthz(t, base+"/healthz", exited); body != `{"ok":true}` {
		t.Errorf("GET /healthz = %s, want {\"ok\":true}", body)
	}
	// A fresh checkout serves the development tools: the gate is open.
	if status := get(t, base+"/admin"); status != http.StatusOK {
		t.Errorf("GET /admin = %d, want 200 (DEV_UI_ENABLED defaults to true)", status)
	}

	// run registered its signal handler before serving, so SIGTERM cannot
	// kill the test process: it cancels run's context.
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-exited:
		if code != exitOK {
			t.Errorf("emulator exited %d after SIGTERM, want 0; stderr:\n%s", code, stderr.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("emulator did not stop after SIGTERM")
	}
	for _, want := range []string{"Intake emulator", "http://localhost:" + strconv.Itoa(port), "demo model", "Ctrl+C"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("banner lacks %q:\n%s", want, stdout.String())
		}
	}
	for _, want := range []string{"emulator listening", `"dev_ui": true`, "stopping"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, stderr.String())
		}
	}
}

// TestEmulatorEnvFile: --env-file supplies what is not exported, the port
// among it; exported variables win; the key shows as four characters.
func TestEmulatorEnvFile(t *testing.T) {
	leaktest.Check(t)
	port := freePort(t)
	const key = "sk-proj-abcdefghijklmnopqrstuvwxyz"
	path := writeFile(t, ".env", strings.Join([]string{
		"# local settings",
		"export DASHBOARD_PORT=" + strconv.Itoa(port),
		`LLM_API_KEY="` + key + `"`,
		"LLM_MODEL=file-model",
		"DEV_UI_ENABLED=false",
		"AWS_ENDPOINT_URL_DYNAMODB=http://127.0.0.1:1",
	}, "\n"))
	env := map[string]string{"LLM_MODEL": "exported-model", "DEV_UI_ENABLED": ""}
	var stdout, stderr lockedBuffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	exited := make(chan int, 1)
	go func() {
		exited <- cli{stdout: &stdout, stderr: &stderr, lookup: lookupOf(env)}.dispatch(ctx, []string{"emulator", "--env-file", path})
	}()
	base := "http://127.0.0.1:" + strconv.Itoa(port)
	waitForHealthz(t, base+"/healthz", exited)
	// DEV_UI_ENABLED=false from the file applies (the exported one is blank).
	// (The admin pages pass the gate behind the owners' login: the probe is
	// a development surface.)
	if status := get(t, base+"/dashboard/logs"); status != http.StatusNotFound {
		t.Errorf("GET /dashboard/logs with DEV_UI_ENABLED=false = %d, want 404", status)
	}
	cancel()
	if code := <-exited; code != exitOK {
		t.Fatalf("exit %d; stderr:\n%s", code, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"openai exported-model", "sk-p****", path, "AWS_ENDPOINT_URL_DYNAMODB", "Dev UI     off"} {
		if !strings.Contains(out, want) {
			t.Errorf("banner lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out+stderr.String(), key[:5]) {
		t.Errorf("more than four characters of the key were printed:\n%s\n%s", out, stderr.String())
	}
}

func TestEmulatorEnvFileErrorsExitTwo(t *testing.T) {
	bad := writeFile(t, "bad.env", "A=1\nnot a variable line\n")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"emulator", "--env-file", filepath.Join(t.TempDir(), "missing.env")}, "missing.env: no such file"},
		{[]string{"emulator", "--env-file", bad}, bad + ":2: expected KEY=VALUE"},
		{[]string{"emulator", "--env-file"}, "flag needs an argument"},
	}
	for _, tt := range tests {
		var stderr strings.Builder
		code := cli{stdout: io.Discard, stderr: &stderr, lookup: lookupOf(nil)}.dispatch(context.Background(), tt.args)
		if code != exitUsage || !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tt.args, code, stderr.String(), tt.want)
		}
	}
}

func TestEmulatorPortInUseExitsOne(t *testing.T) {
	leaktest.Check(t)
	ln, err := net.Listen("tcp", "0.0.0.0:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	port := ln.Addr().(*net.TCPAddr).Port
	var stderr lockedBuffer
	code := cli{stdout: io.Discard, stderr: &stderr, lookup: lookupOf(map[string]string{"DASHBOARD_PORT": strconv.Itoa(port)})}.
		dispatch(context.Background(), []string{"emulator"})
	if code != exitFailure || !strings.Contains(stderr.String(), "DASHBOARD_PORT "+strconv.Itoa(port)) {
		t.Errorf("exit %d, stderr:\n%s", code, stderr.String())
	}
}

// warmSignalLoop starts os/signal's process-wide watcher goroutine, which
// never stops, before leaktest takes its snapshot.
func warmSignalLoop() {
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGUSR1)
	signal.Stop(c)
}

func lookupOf(env map[string]string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		v, ok := env[name]
		return v, ok
	}
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func get(t *testing.T, url string) int {
	t.Helper()
	client := &http.Client{Timeout: 10 * time.Second}
	defer client.CloseIdleConnections()
	res, err := client.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode
}

func waitForHealthz(t *testing.T, url string, exited <-chan int) string {
	t.Helper()
	client := &http.Client{Timeout: 2 * time.Second}
	defer client.CloseIdleConnections()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case code := <-exited:
			t.Fatalf("emulator exited %d before serving", code)
		default:
		}
		resp, err := client.Get(url)
		if err == nil {
			b, readErr := io.ReadAll(resp.Body)
			resp.Body.Close()
			if readErr != nil {
				t.Fatal(readErr)
			}
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("GET /healthz: status %d", resp.StatusCode)
			}
			return string(b)
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("emulator did not answer /healthz within 10s")
	return ""
}

// freePort asks the kernel for a free port and releases it for the emulator.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// lockedBuffer is the emulator's stdout or stderr: it writes while the test
// reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
