package main

import (
	"context"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// serveCredentials sets every variable that serve names in an empty
// environment, so that setting what the problems name is all it takes.
func serveCredentials(t *testing.T) map[string]string {
	t.Helper()
	_, _, stderr := execute(t, nil, "serve")
	env := map[string]string{}
	for _, name := range problems(stderr) {
		env[name] = "test-" + strings.ToLower(name)
		if strings.HasPrefix(name, "HANDOFF_EMAIL_") {
			env[name] = "ops@example.com"
		}
	}
	return env
}

// problems returns the variables stderr names, one per "config: NAME: " line.
func problems(stderr string) []string {
	var names []string
	for line := range strings.Lines(stderr) {
		if rest, ok := strings.CutPrefix(line, "config: "); ok {
			name, _, _ := strings.Cut(rest, ":")
			names = append(names, name)
		}
	}
	return names
}

// assertRefused checks that a command exited 2 before doing anything and
// that stderr names exactly want, one problem a line.
func assertRefused(t *testing.T, cmd string, code int, stdout, stderr string, want ...string) {
	t.Helper()
	if code != exitUsage || stdout != "" {
		t.Errorf("intake %s: exit %d, stdout %q; want exit 2 and nothing on stdout", cmd, code, stdout)
	}
	got := problems(stderr)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("intake %s names %v, want %v; stderr:\n%s", cmd, got, want, stderr)
	}
}

func TestServeWithAnEmptyEnvironmentPrintsEveryProblem(t *testing.T) {
	code, stdout, stderr := execute(t, nil, "serve")
	assertRefused(t, "serve", code, stdout, stderr,
		"LLM_API_KEY", "LLM_MODEL", "MESSAGING_APP_SECRET", "MESSAGING_ACCESS_TOKEN", "MESSAGING_PHONE_NUMBER_ID",
		"CRM_ACCESS_TOKEN", "ERP_ACCESS_TOKEN", "HANDOFF_EMAIL_FROM", "HANDOFF_EMAIL_TO")
	for _, hint := range []string{"LLM_PROVIDER=replay", "WEBHOOK_ALLOW_UNSIGNED=true", "CRM_ENABLED=false"} {
		if !strings.Contains(stderr, hint) {
			t.Errorf("stderr does not suggest %s:\n%s", hint, stderr)
		}
	}
}

func TestServeNamesTheOneMissingCredential(t *testing.T) {
	complete := serveCredentials(t)
	for name := range complete {
		t.Run(name, func(t *testing.T) {
			env := maps.Clone(complete)
			delete(env, name)
			code, stdout, stderr := execute(t, env, "serve")
			assertRefused(t, "serve without "+name, code, stdout, stderr, name)
		})
	}
}

// A short ADMIN_API_KEY stops serve with exit 2, naming it and nothing
// else; one of 24 characters passes the checks.
func TestServeRefusesAShortAdminKey(t *testing.T) {
	env := serveCredentials(t)
	env["ADMIN_API_KEY"] = "short"
	code, stdout, stderr := execute(t, env, "serve")
	assertRefused(t, "serve with ADMIN_API_KEY=short", code, stdout, stderr, "ADMIN_API_KEY")
	if strings.Contains(stderr, "short") {
		t.Errorf("stderr shows the key:\n%s", stderr)
	}
}

func TestServeOfflineOnPurpose(t *testing.T) {
	_, _, all := execute(t, nil, "serve")
	replayFile := writeFile(t, "answers.yaml", "[]\n")
	tests := []struct {
		name     string
		env      map[string]string
		resolved []string // the problems the setting removes
	}{
		{"WEBHOOK_ALLOW_UNSIGNED=true", map[string]string{"WEBHOOK_ALLOW_UNSIGNED": "true"}, []string{"MESSAGING_APP_SECRET"}},
		{"LLM_PROVIDER=replay", map[string]string{"LLM_PROVIDER": "replay", "LLM_REPLAY_FILE": replayFile}, []string{"LLM_API_KEY", "LLM_MODEL"}},
		{"LLM_PROVIDER=demo", map[string]string{"LLM_PROVIDER": "demo"}, []string{"LLM_API_KEY", "LLM_MODEL"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The adapters' credentials stay missing, so serve still exits
			// before starting, naming every other problem.
			want := slices.DeleteFunc(problems(all), func(name string) bool { return slices.Contains(tt.resolved, name) })
			code, stdout, stderr := execute(t, tt.env, "serve")
			assertRefused(t, "serve with "+tt.name, code, stdout, stderr, want...)
		})
	}
}

// TestServeWithEverythingItNeedsGetsPastTheChecks: a complete environment
// raises no configuration problem. serve goes on to build the application
// over a table that does not answer: it either fails there (exit 1) or, if
// it starts without reading the table, serves until cancelled (exit 0).
func TestServeWithEverythingItNeedsGetsPastTheChecks(t *testing.T) {
	t.Setenv("AWS_ACCESS_KEY_ID", "test") // the AWS SDK reads the process environment
	t.Setenv("AWS_SECRET_ACCESS_KEY", "test")
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	env := serveCredentials(t)
	port := strconv.Itoa(freePort(t))
	env["PORT"] = port
	env["AWS_ENDPOINT_URL_DYNAMODB"] = "http://127.0.0.1:1" // nothing listens there
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr lockedBuffer
	exited := make(chan int, 1)
	go func() {
		exited <- cli{stdout: &stdout, stderr: &stderr, lookup: lookupOf(env)}.dispatch(ctx, []string{"serve"})
	}()
	client := &http.Client{Timeout: time.Second}
	defer client.CloseIdleConnections()
	deadline := time.After(30 * time.Second)
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	var code int
wait:
	for {
		select {
		case code = <-exited:
			break wait
		case <-deadline:
			t.Fatalf("serve neither served nor exited within 30s; stderr:\n%s", stderr.String())
		case <-tick.C:
			if res, err := client.Get("http://127.0.0.1:" + port + "/healthz"); err == nil {
				res.Body.Close()
				cancel() // it serves: stop it
			}
		}
	}
	if code == exitUsage || stdout.String() != "" || problems(stderr.String()) != nil {
		t.Errorf("serve with every credential: exit %d, stdout %q; want no configuration problem; stderr:\n%s",
			code, stdout.String(), stderr.String())
	}
}

func TestSyncWithAnEmptyEnvironmentNamesWhatItNeeds(t *testing.T) {
	code, stdout, stderr := execute(t, nil, "sync")
	assertRefused(t, "sync", code, stdout, stderr, "CRM_ACCESS_TOKEN", "ERP_ACCESS_TOKEN")
}
