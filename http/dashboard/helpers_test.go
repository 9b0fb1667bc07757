package dashboard_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/http/dashboard"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/settings"
)

// env is a dashboard over real components (memory table, content store,
// the settings the catalogue and packages are saved as) and scripted
// fixtures, smokes and logs.
type env struct {
	app      *fiber.App
	table    persistence.Table
	sessions *persistence.Sessions
	content  *content.Store
	settings *settings.Live
	logs     *fakeLogs
	fixtures *fakeFixtures
	smokes   *fakeSmokes
}

func newEnv(t *testing.T, change ...func(*dashboard.Config, *dashboard.Deps)) *env {
	t.Helper()
	e := &env{table: memory.New(), logs: &fakeLogs{}, fixtures: &fakeFixtures{}, smokes: &fakeSmokes{}}
	e.sessions = persistence.NewSessions(e.table)
	var err error
	if e.content, err = content.Open(""); err != nil {
		t.Fatal(err)
	}
	e.settings = settings.New(persistence.NewVersions(e.table), time.Now, zap.NewNop())
	admin.RegisterContent(e.settings, e.content)
	cfg := dashboard.Config{Instances: []string{"instance_a", "instance_b"}}
	deps := dashboard.Deps{Sessions: e.sessions, Messages: persistence.NewMessages(e.table), Projections: persistence.NewProjections(e.table), Content: e.content, Logs: e.logs, Fixtures: e.fixtures, Smokes: e.smokes, Catalogue: e.content, Settings: e.settings}
	for _, c := range change {
		c(&cfg, &deps)
	}
	h, err := dashboard.New(cfg, deps, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	e.app = fiber.New(fiber.Config{ErrorHandler: httperr.Handler, DisableStartupMessage: true})
	h.Register(e.app)
	return e
}

// response is an answer read whole.
type response struct {
	status int
	header http.Header
	body   []byte
}

func (r response) json(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("body is not the JSON expected (%v): %s", err, r.body)
	}
}

// errorCode returns the code of an httperr body.
func (r response) errorCode(t *testing.T) string {
	t.Helper()
	var b httperr.Body
	r.json(t, &b)
	if b.Error.Message == "" {
		t.Errorf("error %q has no message", b.Error.Code)
	}
	return b.Error.Code
}

func (e *env) do(t *testing.T, req *http.Request) response {
	t.Helper()
	res, err := e.app.Test(req, -1)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return response{status: res.StatusCode, header: res.Header, body: body}
}

func (e *env) get(t *testing.T, path string) response {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.Header.Set("Accept", "application/json")
	return e.do(t, req)
}

func (e *env) postForm(t *testing.T, path string, form url.Values) response {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	return e.do(t, req)
}

func (e *env) postJSON(t *testing.T, path, body string) response {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	return e.do(t, req)
}

func wantStatus(t *testing.T, r response, status int) {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d; body %s", r.status, status, r.body)
	}
}

// fakeLogs is a scripted log buffer: the real ring lives in runtime, which
// this package must not import; runtime's tests cover the adapter.
type fakeLogs struct {
	mu      sync.Mutex
	entries []dashboard.LogEntry
	subs    []chan dashboard.LogEntry
	cleared int
}

func (l *fakeLogs) add(e dashboard.LogEntry) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.entries = append(l.entries, e)
	for _, ch := range l.subs {
		ch <- e
	}
}

func (l *fakeLogs) Snapshot() []dashboard.LogEntry {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]dashboard.LogEntry(nil), l.entries...)
}

func (l *fakeLogs) Subscribe(ctx context.Context) <-chan dashboard.LogEntry {
	ch := make(chan dashboard.LogEntry, 16)
	l.mu.Lock()
	l.subs = append(l.subs, ch)
	l.mu.Unlock()
	context.AfterFunc(ctx, func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		for i, s := range l.subs {
			if s == ch {
				l.subs = append(l.subs[:i], l.subs[i+1:]...)
				close(ch)
				return
			}
		}
	})
	return ch
}

func (l *fakeLogs) subscribers() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.subs)
}

func (l *fakeLogs) Clear() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.entries = nil
	l.cleared++
}

// fakeFixtures answers with scripted results.
type fakeFixtures struct {
	list    []dashboard.FixtureSummary
	results map[string]dashboard.FixtureResult
}

func (f *fakeFixtures) List(context.Context) ([]dashboard.FixtureSummary, error) { return f.list, nil }

func (f *fakeFixtures) Run(_ context.Context, name string) (dashboard.FixtureResult, error) {
	r, ok := f.results[name]
	if !ok {
		return r, dashboard.ErrUnknownFixture
	}
	return r, nil
}

func (f *fakeFixtures) RunAll(context.Context) ([]dashboard.FixtureResult, error) {
	var out []dashboard.FixtureResult
	for _, s := range f.list {
		out = append(out, f.results[s.Name])
	}
	return out, nil
}

// fakeSmokes passes every target whose name is not in fail.
type fakeSmokes struct {
	mu   sync.Mutex
	fail map[string]bool
	runs []string
}

func (s *fakeSmokes) Targets() []string {
	return []string{"messaging", "llm", "crm", "erp", "handoff", "table"}
}

func (s *fakeSmokes) Run(_ context.Context, target, mode string) (dashboard.SmokeResult, error) {
	s.mu.Lock()
	s.runs = append(s.runs, target+"/"+mode)
	s.mu.Unlock()
	return dashboard.SmokeResult{Target: target, Mode: mode, OK: !s.fail[target], Detail: "checked " + target}, nil
}
