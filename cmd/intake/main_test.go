package main

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
)

// execute runs one command line with env as the whole environment.
func execute(t *testing.T, env map[string]string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut, func(name string) (string, bool) {
		v, ok := env[name]
		return v, ok
	})
	return code, out.String(), errOut.String()
}

func TestVersion(t *testing.T) {
	code, stdout, stderr := execute(t, nil, "version")
	if code != exitOK || stderr != "" {
		t.Fatalf("version: exit %d, stderr %q", code, stderr)
	}
	if want := "intake dev (" + runtime.Version() + " "; !strings.HasPrefix(stdout, want) {
		t.Errorf("version printed %q, want it to start with %q", stdout, want)
	}
}

func TestHelpExitsZeroOnStdout(t *testing.T) {
	for _, args := range [][]string{
		{"-h"}, {"--help"}, {"help"},
		{"emulator", "-h"}, {"serve", "--help"}, {"sync", "-h"}, {"replay", "-help"},
		{"table", "-h"}, {"table", "create", "--help"}, {"version", "-h"},
	} {
		code, stdout, stderr := execute(t, nil, args...)
		if code != exitOK || stderr != "" || !strings.HasPrefix(stdout, "Usage: intake") {
			t.Errorf("intake %s: exit %d, stdout %q, stderr %q; want exit 0 and usage on stdout",
				strings.Join(args, " "), code, stdout, stderr)
		}
	}
}

func TestRootUsageListsEveryCommand(t *testing.T) {
	_, stdout, _ := execute(t, nil, "--help")
	for _, cmd := range []string{"emulator", "serve", "sync", "replay", "table", "version"} {
		if !strings.Contains(stdout, "\n  "+cmd+" ") {
			t.Errorf("usage does not list %s:\n%s", cmd, stdout)
		}
	}
}

func TestBadCommandLineExitsTwoOnStderr(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{nil, "Usage: intake <command>"},
		{[]string{"bogus"}, `unknown command "bogus"`},
		{[]string{"table"}, "missing subcommand"},
		{[]string{"table", "drop"}, `unknown subcommand "drop"`},
		{[]string{"version", "extra"}, `unexpected argument "extra"`},
		{[]string{"emulator", "-port", "1"}, "flag provided but not defined: -port"},
		{[]string{"table", "create", "now"}, `unexpected argument "now"`},
	}
	for _, tt := range tests {
		code, stdout, stderr := execute(t, nil, tt.args...)
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, tt.want) || !strings.Contains(stderr, "Usage: intake") {
			t.Errorf("intake %s: exit %d, stdout %q, stderr %q; want exit 2 and %q with usage on stderr",
				strings.Join(tt.args, " "), code, stdout, stderr, tt.want)
		}
	}
}

func TestBadConfigurationNamesTheVariable(t *testing.T) {
	env := map[string]string{"DEBOUNCE_WINDOW": "abc", "CRM_ENABLED": "maybe"}
	for _, args := range [][]string{{"emulator"}, {"serve"}, {"sync"}, {"replay"}, {"table", "create"}} {
		code, _, stderr := execute(t, env, args...)
		if code != exitUsage {
			t.Errorf("intake %s with a bad DEBOUNCE_WINDOW: exit %d, want %d", strings.Join(args, " "), code, exitUsage)
		}
		for _, want := range []string{`config: DEBOUNCE_WINDOW: "abc" is not a duration`, "config: CRM_ENABLED: "} {
			if !strings.Contains(stderr, want) {
				t.Errorf("intake %s: stderr %q does not contain %q", strings.Join(args, " "), stderr, want)
			}
		}
	}
}
