package admin_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/settings"
)

const testKey = "test-admin-key-0123456789"

// now is the fixed clock of the tests.
var now = time.Date(2025, 3, 10, 12, 0, 0, 0, time.UTC)

// fixture is an admin handler over a memory table and the real content
// store, mounted on a fiber app with Intake's error handler.
type fixture struct {
	t       *testing.T
	app     *fiber.App
	table   *memory.Table
	content *content.Store
	handler *admin.Handler
}

func newFixture(t *testing.T, cfg admin.Config) *fixture {
	t.Helper()
	return newFixtureOn(t, cfg, memory.New(memory.WithClock(func() time.Time { return now })))
}

// newFixtureOn is a fixture over an existing table with a fresh content
// store: another node, or the process after a restart.
func newFixtureOn(t *testing.T, cfg admin.Config, table *memory.Table) *fixture {
	t.Helper()
	app, store, h := mount(t, cfg, table)
	return &fixture{t: t, app: app, table: table, content: store, handler: h}
}

// mount is an admin handler over table with a fresh content store, mounted
// on a fiber app with Intake's error handler.
func mount(t testing.TB, cfg admin.Config, table persistence.Table) (*fiber.App, *content.Store, *admin.Handler) {
	t.Helper()
	if cfg.APIKey == "" {
		cfg.APIKey = testKey
	}
	if cfg.RenotifyAfter == 0 {
		cfg.RenotifyAfter = 10 * time.Minute
	}
	if cfg.Sender == nil {
		cfg.OpenPages = true // the development surface: no owner to log in
	}
	if cfg.Now == nil {
		cfg.Now = func() time.Time { return now }
	}
	store, err := content.Open("")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Settings == nil {
		cfg.Settings = loadedSettings(t, table, store)
	}
	h, err := admin.New(cfg, table, store, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	app := fiber.New(fiber.Config{ErrorHandler: httperr.Handler, DisableStartupMessage: true})
	h.Register(app)
	return app, store, h
}

// do sends a request; API paths carry the key unless header overrides it.
func (f *fixture) do(method, target, body string, header map[string]string) (int, string) {
	f.t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, target, r)
	if strings.HasPrefix(target, "/admin/api/") {
		req.Header.Set(admin.KeyHeader, testKey)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	a := exchange(f.t, f.app, req)
	return a.status, a.body
}

// getJSON GETs an API path, requires 200 and decodes the answer into out.
func (f *fixture) getJSON(target string, out any) {
	f.t.Helper()
	status, body := f.do("GET", target, "", nil)
	if status != 200 {
		f.t.Fatalf("GET %s = %d %s", target, status, body)
	}
	if err := json.Unmarshal([]byte(body), out); err != nil {
		f.t.Fatalf("GET %s: %v in %s", target, err, body)
	}
}

// errorOf decodes an error body; it fails the test when body is not one.
func errorOf(t *testing.T, body string) httperr.Detail {
	t.Helper()
	var e httperr.Body
	if err := json.Unmarshal([]byte(body), &e); err != nil || e.Error.Code == "" || e.Error.Message == "" {
		t.Fatalf("not an error body: %s", body)
	}
	return e.Error
}

// seed writes records through the repositories.
type seed struct {
	t   *testing.T
	ctx context.Context
	tb  persistence.Table
}

func (f *fixture) seed() seed { return seed{t: f.t, ctx: context.Background(), tb: f.table} }

func (s seed) session(phone, id string, state domain.SessionState, at time.Time, edit func(*domain.Session)) domain.Session {
	s.t.Helper()
	sess := domain.NewSession(id, phone, "instance_a", at)
	sess.State = state
	if edit != nil {
		edit(&sess)
	}
	created, err := persistence.NewSessions(s.tb).Create(s.ctx, sess)
	if err != nil {
		s.t.Fatal(err)
	}
	return created
}

func (s seed) message(m domain.Message) {
	s.t.Helper()
	if m.MessageType == "" {
		m.MessageType = domain.MessageText
	}
	if err := persistence.NewMessages(s.tb).Append(s.ctx, m); err != nil {
		s.t.Fatal(err)
	}
}

func (s seed) demand(service string, at time.Time) domain.OutOfPortfolioDemand {
	s.t.Helper()
	d := domain.NewDemand(domain.OutOfPortfolioDemand{
		SessionID: "s-demand", PhoneNumber: "+5511900000000", ServiceRequested: service,
		EstimatedSegment: "varejo", MessagingInstance: "instance_a", OriginalMessage: "vocês fazem " + service + "?",
	}, at)
	if err := persistence.NewDemands(s.tb).Add(s.ctx, d); err != nil {
		s.t.Fatal(err)
	}
	return d
}

// projection records a desired state and, unless status is PENDING, takes a
// lease and saves the projection in status, as the sync job would.
func (s seed) projection(sessionID string, status persistence.ProjectionStatus, edit func(*persistence.CRMProjection)) {
	s.t.Helper()
	repo := persistence.NewProjections(s.tb)
	p, err := repo.PutDesired(s.ctx, sessionID, domain.Desired{Stage: "qualified", Contact: map[string]any{"firstname": "Ana"}}, now.Add(-time.Hour))
	if err != nil {
		s.t.Fatal(err)
	}
	if status == persistence.ProjectionPending {
		return
	}
	p, err = repo.AcquireLease(s.ctx, sessionID, "worker", now.Add(time.Minute), now.Add(-time.Hour))
	if err != nil {
		s.t.Fatal(err)
	}
	p.Status, p.LeaseOwner, p.LeaseUntil, p.UpdatedAt = status, "", nil, now.Add(-30*time.Minute)
	if status == persistence.ProjectionSynced {
		p.ConfirmedRevision, p.PendingSince = p.Revision, nil
	}
	if edit != nil {
		edit(&p)
	}
	if err := repo.Save(s.ctx, p, "worker"); err != nil {
		s.t.Fatal(err)
	}
}

// answer is what the handler answered one request.
type answer struct {
	status int
	body   string
	header http.Header
}

// exchange sends req to app and reads the whole answer.
func exchange(t testing.TB, app *fiber.App, req *http.Request) answer {
	t.Helper()
	res, err := app.Test(req, 10_000)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return answer{status: res.StatusCode, body: string(b), header: res.Header}
}

// loadedSettings are the settings of a node over table, the prompts
// applying to store, loaded as at start.
func loadedSettings(t testing.TB, table persistence.Table, store *content.Store) *settings.Live {
	t.Helper()
	live := settings.New(persistence.NewVersions(table), func() time.Time { return now }, zap.NewNop())
	admin.RegisterPrompts(live, store)
	admin.RegisterContent(live, store)
	if err := live.Load(t.Context()); err != nil {
		t.Fatal(err)
	}
	return live
}

// sameOrigin is the Origin of the test requests' host: what a form posted
// from the admin's own pages carries.
var sameOrigin = map[string]string{"Origin": "http://example.com"}
