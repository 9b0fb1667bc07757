package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/internal/leaktest"
)

// replay runs intake replay through dispatch rather than run, whose
// process-wide signal watcher would count as a leaked goroutine.
func replay(t *testing.T, env map[string]string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	c := cli{stdout: &out, stderr: &errOut, lookup: func(name string) (string, bool) {
		v, ok := env[name]
		return v, ok
	}}
	code = c.dispatch(context.Background(), append([]string{"replay"}, args...))
	return code, out.String(), errOut.String()
}

func TestReplayLibraryPasses(t *testing.T) {
	leaktest.Check(t)
	code, stdout, stderr := replay(t, nil)
	if code != exitOK {
		t.Fatalf("intake replay: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if !strings.HasPrefix(stdout, "FIXTURE ") || !strings.Contains(stdout, "\nregisters-new-customer ") || !strings.Contains(stdout, ", failed: 0\n") {
		t.Errorf("stdout lacks the results table:\n%s", stdout)
	}
	if !strings.Contains(stderr, "] registers-new-customer ... ok\n") {
		t.Errorf("stderr lacks the progress lines:\n%s", stderr)
	}
}

// brokenFixture is a recording whose reply expectation no longer holds.
const brokenFixture = `name: broken-reply
phone: "+5511900000099"
turns:
  - customer: Oi
    model: '{"s":0,"qualification_data":{}} Olá! Como posso ajudar?'
    expect:
      state: QUALIFYING
      reply: "Olá! Tudo bem?"
`

func TestReplayBrokenFixtureExitsOneWithItsDiff(t *testing.T) {
	leaktest.Check(t)
	path := filepath.Join(t.TempDir(), "broken.yaml")
	if err := os.WriteFile(path, []byte(brokenFixture), 0o600); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := replay(t, nil, path)
	if code != exitFailure {
		t.Fatalf("intake replay %s: exit %d, want 1\nstdout:\n%s\nstderr:\n%s", path, code, stdout, stderr)
	}
	for _, want := range []string{
		"broken-reply  1      FAIL",
		"fixtures: 1, passed: 0, failed: 1\n",
		"FAIL broken-reply (" + path + ", turns: 1, ",
		"  turn 1 (customer [\"Oi\"]):\n    reply:\n      - Olá! Tudo bem?\n      + Olá! Como posso ajudar?\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stderr, "[1/1] broken-reply ... FAIL\n") {
		t.Errorf("stderr lacks the progress line:\n%s", stderr)
	}
}

func TestReplayUnreadableFileExitsTwoNamingIt(t *testing.T) {
	dir := t.TempDir()
	invalid := filepath.Join(dir, "invalid.yaml")
	if err := os.WriteFile(invalid, []byte("name: [unclosed"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{filepath.Join(dir, "missing.yaml"), invalid} {
		code, stdout, stderr := replay(t, nil, path)
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, "intake replay: fixtures: ") || !strings.Contains(stderr, path) {
			t.Errorf("intake replay %s: exit %d, stdout %q, stderr %q; want exit 2 naming the file", path, code, stdout, stderr)
		}
	}
}

func TestReplayBadContentDirExitsTwo(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(dir, []byte("not a directory"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := replay(t, map[string]string{"CONTENT_DIR": dir})
	if code != exitUsage || stdout != "" || !strings.Contains(stderr, "intake replay: CONTENT_DIR: ") || !strings.Contains(stderr, dir) {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 2 naming CONTENT_DIR", code, stdout, stderr)
	}
}
