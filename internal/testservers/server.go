package testservers

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Server describes how to run one test server from tools/testservers.
type Server struct {
	// Name names the server in messages, e.g. "DynamoDB Local".
	Name string
	// Package is the npm package that must be installed under node_modules.
	Package string
	// Program runs Script: "node" when empty, or "java" for a jar. It must
	// be on PATH.
	Program string
	// Options returns Program's own arguments, which precede Script (java's
	// "-jar"), from Script's absolute path; nil means none.
	Options func(script string) []string
	// Script is the file Program runs, relative to tools/testservers: a
	// JavaScript entry point, or a jar.
	Script string
	// Args returns the arguments, after Script, for listening on
	// 127.0.0.1:port.
	Args func(port int) []string
	// StartTimeout bounds the wait for the port to accept connections;
	// zero means 20 seconds (node starts slowly on a loaded CI machine).
	StartTimeout time.Duration
}

// installHint is appended to every "not installed" message.
const installHint = "run `make test`, or install the test servers with " +
	"`npm ci --prefix tools/testservers --no-audit --no-fund`"

// programHints say how to install each Program.
var programHints = map[string]string{
	"node": "install Node.js (e.g. apt-get install -y nodejs npm)",
	"java": "install Java 17 (e.g. apt-get install -y openjdk-17-jre-headless)",
}

// startAttempts bounds the retries when another process grabs the chosen port
// between choosing it and the server binding it.
const startAttempts = 3

// Start runs s, waits until it accepts connections on 127.0.0.1 and returns
// its endpoint ("http://127.0.0.1:<port>"). The server is stopped, and waited
// for, by a t.Cleanup. Start skips the test (fails it when CI is set) when
// its program or package is missing, and fails it when the server does not
// come up.
func Start(t testing.TB, s Server) string {
	t.Helper()
	r, err := start(s)
	if err != nil {
		report(t, s.Name, err)
		return ""
	}
	t.Cleanup(func() {
		if err := r.stop(); err != nil {
			t.Errorf("testservers: stop %s: %v", s.Name, err)
		}
		if t.Failed() {
			t.Logf("testservers: %s output:\n%s", s.Name, r.out.String())
		}
	})
	return r.endpoint
}

// running is a started server.
type running struct {
	*process
	endpoint string
}

// unavailableError is the error of a server that cannot run here because
// something is not installed.
type unavailableError struct{ err error }

func (e unavailableError) Error() string { return e.err.Error() }

// start runs s until it accepts connections; the caller stops it.
func start(s Server) (*running, error) {
	script, err := locate(s)
	if err != nil {
		return nil, unavailableError{err}
	}
	timeout := cmp.Or(s.StartTimeout, 20*time.Second)
	var lastErr error
	for range startAttempts {
		port, err := freePort()
		if err != nil {
			return nil, err
		}
		p, err := launch(program(s), command(s, script, port))
		if err != nil {
			return nil, fmt.Errorf("start: %w", err)
		}
		addr := fmt.Sprintf("127.0.0.1:%d", port)
		err = p.waitReady(addr, timeout)
		if err == nil {
			return &running{process: p, endpoint: "http://" + addr}, nil
		}
		_ = p.stop()
		lastErr = fmt.Errorf("%w\n%s output:\n%s", err, s.Name, p.out.String())
		if !strings.Contains(p.out.String(), "EADDRINUSE") {
			break
		}
	}
	return nil, fmt.Errorf("did not start: %w", lastErr)
}

// report skips or fails t for the error of start.
func report(t testing.TB, name string, err error) {
	t.Helper()
	if errors.As(err, new(unavailableError)) {
		unavailable(t, name, err)
		return
	}
	t.Fatalf("testservers: %s: %v", name, err)
}

// program is the command that runs s.
func program(s Server) string { return cmp.Or(s.Program, "node") }

// command is the argument list of program: its options, the script, the
// server's arguments.
func command(s Server, script string, port int) []string {
	var args []string
	if s.Options != nil {
		args = s.Options(script)
	}
	return append(append(args, script), s.Args(port)...)
}

// locate returns the absolute path of the server's script under
// tools/testservers, and checks that its program and npm package are
// installed.
func locate(s Server) (string, error) {
	if _, err := exec.LookPath(program(s)); err != nil {
		if hint := programHints[program(s)]; hint != "" {
			err = fmt.Errorf("%w; %s", err, hint)
		}
		return "", err
	}
	root, err := repoRoot()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(root, "tools", "testservers")
	pkg := filepath.Join(dir, "node_modules", s.Package, "package.json")
	if _, err := os.Stat(pkg); err != nil {
		return "", fmt.Errorf("npm package %s is not installed (%s missing)", s.Package, pkg)
	}
	script := filepath.Join(dir, s.Script)
	if _, err := os.Stat(script); err != nil {
		return "", fmt.Errorf("script %s is missing", script)
	}
	return script, nil
}

// repoRoot walks up from the working directory (a package directory under
// `go test`) to the directory holding go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
}

// unavailable skips the test locally and fails it in CI, where the servers
// are installed by the Makefile and must run.
func unavailable(t testing.TB, name string, err error) {
	t.Helper()
	msg := fmt.Sprintf("testservers: %s unavailable: %v; %s", name, err, installHint)
	if os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}
