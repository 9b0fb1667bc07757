package runtime_test

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

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/agent/replay"
	"github.com/intake-runtime/intake/http/chat"
	"github.com/intake-runtime/intake/http/dashboard"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime"
	"github.com/intake-runtime/intake/runtime/logging"
)

// recordingModel answers like the replay model and keeps every request, so
// a test can see what the agents were told.
type recordingModel struct {
	model agent.Model
	mu    sync.Mutex
	reqs  []agent.Request
}

func (m *recordingModel) Call(ctx context.Context, req agent.Request) (agent.LLMCallResult, error) {
	m.mu.Lock()
	m.reqs = append(m.reqs, req)
	m.mu.Unlock()
	return m.model.Call(ctx, req)
}

func (m *recordingModel) requests() []agent.Request {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]agent.Request(nil), m.reqs...)
}

// dashboardApp is an application with a writable CONTENT_DIR, a replay
// model that records its requests, the messaging stub and a log ring.
type dashboardApp struct {
	*runtime.App
	model *recordingModel
	ring  *logging.Ring
}

func newDashboardApp(t *testing.T, answers ...string) *dashboardApp {
	t.Helper()
	cfg := load(t, map[string]string{
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false",
		"HANDOFF_NOTIFIER_ENABLED": "false", "DEV_UI_ENABLED": "true", "CONTENT_DIR": t.TempDir(),
	})
	logger, ring, err := logging.New(logging.Options{Output: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	model := &recordingModel{model: replay.New(answers)}
	app, err := runtime.New(context.Background(), cfg, runtime.WithLogRing(logger, ring), runtime.Options{Table: memory.New(), Model: model})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := app.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return &dashboardApp{App: app, model: model, ring: ring}
}

func (a *dashboardApp) call(t *testing.T, method, path string, form url.Values, out any) int {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	res, err := a.HTTP().Test(req, -1)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if out != nil && res.StatusCode < 300 {
		if err := json.Unmarshal(body, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, body)
		}
	}
	if res.StatusCode >= 300 {
		t.Logf("%s %s: %d %s", method, path, res.StatusCode, body)
	}
	return res.StatusCode
}

func (a *dashboardApp) chat(t *testing.T, phone, text string) chat.Reply {
	t.Helper()
	var r chat.Reply
	if status := a.call(t, "POST", "/chat", url.Values{"phone-input": {phone}, "content": {text}}, &r); status != 200 {
		t.Fatalf("chat %q: status %d", text, status)
	}
	return r
}

// A knowledge package edited on the dashboard reaches the very next model
// request, without a restart.
func TestKnowledgeEditReachesTheNextTurn(t *testing.T) {
	leaktest.Check(t)
	app := newDashboardApp(t,
		`{"s":0,"qualification_data":{}} Olá! Como posso ajudar?`,
		`{"s":0,"qualification_data":{}} Atendemos em todo o Brasil.`)
	const phone = "+5511988887777"
	app.chat(t, phone, "Oi")
	if first := app.model.requests()[0].Instructions; strings.Contains(first, "Quem somos EDITADO") {
		t.Fatal("the edit is in the instructions before it was made")
	}

	edited := "# Quem somos EDITADO\n\nAtendemos em todo o Brasil.\n"
	if status := app.call(t, "POST", "/dashboard/knowledge/empresa", url.Values{"content": {edited}}, nil); status != 200 {
		t.Fatalf("knowledge write: status %d", status)
	}
	if reply := app.chat(t, phone, "Vocês atendem onde?"); reply.Reply != "Atendemos em todo o Brasil." {
		t.Errorf("second reply = %+v", reply)
	}
	reqs := app.model.requests()
	if len(reqs) != 2 || !strings.Contains(reqs[1].Instructions, "empresa: Quem somos EDITADO") {
		t.Errorf("the next model request does not list the edited package; instructions:\n%s", reqs[len(reqs)-1].Instructions)
	}
}

// The session beside the chat follows the conversation, and clear-chat
// wipes it while the conversation's actor is alive: the next message starts
// a new session.
func TestSessionAndClearChatAgainstTheLiveActor(t *testing.T) {
	leaktest.Check(t)
	app := newDashboardApp(t,
		`{"s":1,"service":"Pesquisa de mercado","segment":"pesquisa","intent":"contratar","qualification_data":{"tema":"varejo"}} Ótimo! Qual é o seu nome?`,
		// After the clear: the refused turn, its rerun and the retry may
		// each call the model (or the last two may merge into one burst).
		`{"s":0,"qualification_data":{}} Olá de novo!`,
		`{"s":0,"qualification_data":{}} Olá de novo!`,
		`{"s":0,"qualification_data":{}} Olá de novo!`)
	const phone = "+5511988887777"
	first := app.chat(t, phone, "Quero uma pesquisa de mercado")

	var got struct{ Session dashboard.SessionView }
	if status := app.call(t, "GET", "/dashboard/session/"+url.PathEscape(phone), nil, &got); status != 200 {
		t.Fatalf("session: %d", status)
	}
	s := got.Session
	if s.SessionID != first.SessionID || s.State != "DATA_COLLECT" || s.State != first.State || s.Service == "" ||
		s.Segment != "pesquisa" || s.QualificationData["tema"] != "varejo" {
		t.Errorf("session = %+v after reply %+v", s, first)
	}

	var cleared dashboard.ClearChatResult
	if status := app.call(t, "POST", "/dashboard/clear-chat", url.Values{"phone": {phone}}, &cleared); status != 200 || cleared.Deleted == 0 {
		t.Fatalf("clear-chat: %d %+v", status, cleared)
	}
	if status := app.call(t, "GET", "/dashboard/session/"+url.PathEscape(phone), nil, nil); status != 404 {
		t.Errorf("session after clear-chat: %d, want 404", status)
	}

	var again chat.Reply
	status := app.call(t, "POST", "/chat", url.Values{"phone-input": {phone}, "content": {"Oi"}}, &again)
	if status != 200 {
		t.Fatalf("first chat after clear-chat: %d %+v", status, again)
	}
	if again.SessionID == "" || again.SessionID == first.SessionID || again.Reply != "Olá de novo!" {
		t.Errorf("after clear-chat the conversation answered %+v (first session %s)", again, first.SessionID)
	}
}

// The logs panel reads the ring the application's logger feeds.
func TestLogsComeFromTheRing(t *testing.T) {
	leaktest.Check(t)
	app := newDashboardApp(t, `{"s":0,"qualification_data":{}} Oi!`)
	app.chat(t, "+5511988887777", "Oi")
	var got struct{ Entries []dashboard.LogEntry }
	app.call(t, "GET", "/dashboard/logs", nil, &got)
	if len(got.Entries) == 0 || len(got.Entries) != len(app.ring.Snapshot()) {
		t.Fatalf("logs = %d entries, ring holds %d", len(got.Entries), len(app.ring.Snapshot()))
	}
	last := got.Entries[len(got.Entries)-1]
	if last.Seq == 0 || last.Level == "" || last.Message == "" || len(last.Fields) == 0 {
		t.Errorf("entry = %+v", last)
	}
	app.call(t, "POST", "/dashboard/logs/clear", nil, nil)
	for _, e := range app.ring.Snapshot() {
		if e.Seq <= last.Seq {
			t.Errorf("entry %d survived the clear", e.Seq)
		}
	}
}

// Fixtures and smokes are wired to the real harness and checker.
func TestFixturesAndSmokesAreWired(t *testing.T) {
	leaktest.Check(t)
	app := newDashboardApp(t, "unused")
	var list struct{ Fixtures []dashboard.FixtureSummary }
	app.call(t, "GET", "/dashboard/fixtures", nil, &list)
	if len(list.Fixtures) == 0 {
		t.Fatal("no fixtures listed")
	}
	var run dashboard.FixtureRun
	if status := app.call(t, "POST", "/dashboard/run-all-fixtures", nil, &run); status != 200 {
		t.Fatalf("run-all-fixtures: %d", status)
	}
	if run.Failed != 0 || run.Passed != len(list.Fixtures) {
		t.Errorf("fixtures: %d passed, %d failed: %+v", run.Passed, run.Failed, run.Results)
	}
	var one dashboard.FixtureRun
	app.call(t, "POST", "/dashboard/run-fixture/"+list.Fixtures[0].Name, nil, &one)
	if len(one.Results) != 1 || !one.Results[0].Passed {
		t.Errorf("run-fixture: %+v", one)
	}

	var smokes []dashboard.SmokeResult
	app.call(t, "POST", "/dashboard/run-all-smokes", url.Values{"mode": {"real"}}, &smokes)
	if len(smokes) != 6 {
		t.Fatalf("smokes = %+v", smokes)
	}
	for _, s := range smokes {
		// Every adapter is a stub here and the table is in memory: all pass
		// without a network call, except the model, which needs a key.
		if s.OK == (s.Target == "llm") {
			t.Errorf("smoke %+v", s)
		}
	}
}

func TestDashboardPageIsServed(t *testing.T) {
	leaktest.Check(t)
	app := newDashboardApp(t, "unused")
	res, err := app.HTTP().Test(httptest.NewRequest(http.MethodGet, "/", nil), -1)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), "development dashboard") || strings.Contains(string(body), "without an in-memory log buffer") {
		t.Errorf("GET / = %d\n%s", res.StatusCode, body)
	}
}

// The ring mark survives the ways a runner derives its loggers.
func TestWithLogRingSurvivesDerivedLoggers(t *testing.T) {
	leaktest.Check(t)
	logger, ring, err := logging.New(logging.Options{Output: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	derived := runtime.WithLogRing(logger, ring).Named("emulator").With(zap.String("run", "1"))
	app, err := runtime.New(context.Background(), load(t, map[string]string{
		"DEV_UI_ENABLED": "true", "MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false", "HANDOFF_NOTIFIER_ENABLED": "false",
	}),
		derived, runtime.Options{Table: memory.New(), Model: replay.New([]string{"unused"})})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := app.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	derived.Info("written through the derived logger")
	res, err := app.HTTP().Test(httptest.NewRequest(http.MethodGet, "/dashboard/logs", nil), -1)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), "written through the derived logger") {
		t.Errorf("GET /dashboard/logs = %d %s", res.StatusCode, body)
	}
}
