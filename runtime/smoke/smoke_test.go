package smoke_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/actors/projection/crm"
	"github.com/intake-runtime/intake/actors/projection/erp"
	"github.com/intake-runtime/intake/internal/httpcall"
	"github.com/intake-runtime/intake/internal/llmtest"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime/config"
	"github.com/intake-runtime/intake/runtime/smoke"
)

// Credentials of the tests: no detail may contain them.
const (
	messagingToken = "EAAG-messaging-secret-token"
	crmToken       = "pat-crm-secret-token"
	erpToken       = "erp-secret-token-123"
	llmKey         = "sk-test-secret-llm-key"
)

func load(t *testing.T, env map[string]string) config.Config {
	t.Helper()
	cfg, err := config.Load(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// provider is an httptest server that records each request and answers
// with the scripted status and body of its path.
type provider struct {
	*httptest.Server
	mu       sync.Mutex
	requests []string
}

func newProvider(t *testing.T, answers map[string]string, status int) *provider {
	p := &provider{}
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.mu.Lock()
		p.requests = append(p.requests, r.Method+" "+r.URL.RequestURI()+" "+r.Header.Get("Authorization"))
		p.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(answers[r.URL.Path]))
	}))
	t.Cleanup(p.Close)
	return p
}

func (p *provider) calls() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.requests...)
}

// The clients the application would build, on the providers' doubles.
func messagingClient(t *testing.T, baseURL string) smoke.Prober {
	c, err := cloudapi.NewClient(cloudapi.ClientConfig{
		Config: httpcall.Config{BaseURL: baseURL, AccessToken: messagingToken}, PhoneNumberID: "1234"}, nil)
	return built(t, c, err)
}

func crmClient(t *testing.T, baseURL string) smoke.Prober {
	c, err := crm.New(crm.Config{Config: httpcall.Config{BaseURL: baseURL, AccessToken: crmToken}}, nil)
	return built(t, c, err)
}

func erpClient(t *testing.T, baseURL string) smoke.Prober {
	c, err := erp.New(erp.Config{Config: httpcall.Config{BaseURL: baseURL, AccessToken: erpToken}}, nil)
	return built(t, c, err)
}

func built(t *testing.T, p smoke.Prober, err error) smoke.Prober {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func run(t *testing.T, c *smoke.Checker, target, mode string) smoke.Result {
	t.Helper()
	r, err := c.Run(context.Background(), target, mode)
	if err != nil {
		t.Fatal(err)
	}
	for _, secret := range []string{messagingToken, crmToken, erpToken, llmKey} {
		if strings.Contains(r.Detail, secret) {
			t.Errorf("%s %s detail shows a secret: %s", target, mode, r.Detail)
		}
	}
	if r.Target != target || r.Mode != mode {
		t.Errorf("result names %s/%s, want %s/%s", r.Target, r.Mode, target, mode)
	}
	return r
}

// Each real call is a harmless GET with the bearer token (the CRM's also
// reads its pipeline and the session property); preflight calls nothing.
func TestRealCallsReadOnly(t *testing.T) {
	graph := newProvider(t, map[string]string{"/v21.0/1234": `{"display_phone_number":"+55 11 4000-0000","verified_name":"Intake","id":"1234"}`}, 200)
	crm := newProvider(t, map[string]string{"/crm/v3/objects/contacts": `{"results":[{"id":"1"}]}`,
		"/crm/v3/pipelines/deals/default":            `{"id":"default","stages":[{"id":"appointmentscheduled"}]}`,
		"/crm/v3/properties/deals/intake_session_id": `{"name":"intake_session_id"}`}, 200)
	erp := newProvider(t, map[string]string{"/Api/v3/contatos": `{"data":[{"id":7}]}`}, 200)
	c := smoke.New(load(t, map[string]string{
		"MESSAGING_API_BASE_URL": graph.URL, "MESSAGING_PHONE_NUMBER_ID": "1234", "MESSAGING_ACCESS_TOKEN": messagingToken,
		"CRM_BASE_URL": crm.URL, "CRM_ACCESS_TOKEN": crmToken,
		"ERP_BASE_URL": erp.URL + "/Api/v3", "ERP_ACCESS_TOKEN": erpToken,
	}), smoke.Deps{Messaging: messagingClient(t, graph.URL), CRM: crmClient(t, crm.URL), ERP: erpClient(t, erp.URL+"/Api/v3")})

	for _, target := range []string{smoke.Messaging, smoke.CRM, smoke.ERP} {
		if r := run(t, c, target, smoke.Preflight); !r.OK {
			t.Errorf("%s preflight: %s", target, r.Detail)
		}
	}
	if n := len(graph.calls()) + len(crm.calls()) + len(erp.calls()); n != 0 {
		t.Fatalf("preflight made %d calls", n)
	}

	for _, tc := range []struct {
		target string
		p      *provider
		calls  []string
		detail []string
	}{
		{smoke.Messaging, graph, []string{"GET /v21.0/1234?fields=display_phone_number,verified_name Bearer " + messagingToken}, []string{"HTTP 200", "+55 11 4000-0000", "nothing was sent"}},
		{smoke.CRM, crm, []string{"GET /crm/v3/objects/contacts?limit=1 Bearer " + crmToken,
			"GET /crm/v3/pipelines/deals/default Bearer " + crmToken, "GET /crm/v3/properties/deals/intake_session_id Bearer " + crmToken},
			[]string{"HTTP 200", "1 record(s)", "nothing written", `deal property "intake_session_id" exists`}},
		{smoke.ERP, erp, []string{"GET /Api/v3/contatos?limite=1 Bearer " + erpToken}, []string{"HTTP 200", "1 record(s)"}},
	} {
		r := run(t, c, tc.target, smoke.Real)
		if !r.OK {
			t.Errorf("%s real: %s", tc.target, r.Detail)
		}
		for _, want := range tc.detail {
			if !strings.Contains(r.Detail, want) {
				t.Errorf("%s real detail %q lacks %q", tc.target, r.Detail, want)
			}
		}
		if calls := tc.p.calls(); !slices.Equal(calls, tc.calls) {
			t.Errorf("%s real made %q, want %q", tc.target, calls, tc.calls)
		}
	}
}

func TestRealCallFailureQuotesTheProvider(t *testing.T) {
	crm := newProvider(t, map[string]string{"/crm/v3/objects/contacts": `{"status":"error","message":"Authentication credentials not found."}`}, 401)
	c := smoke.New(load(t, map[string]string{"CRM_BASE_URL": crm.URL, "CRM_ACCESS_TOKEN": crmToken}), smoke.Deps{CRM: crmClient(t, crm.URL)})
	r := run(t, c, smoke.CRM, smoke.Real)
	if r.OK || !strings.Contains(r.Detail, "GET /crm/v3/objects/contacts: HTTP 401: Authentication credentials not found.") {
		t.Errorf("result = %+v", r)
	}
}

func TestMissingSettingsFailWithoutACall(t *testing.T) {
	cfg := load(t, map[string]string{"MESSAGING_PHONE_NUMBER_ID": "1234"})
	cfg.ERP.BaseURL = "" // config.Load refuses a bad URL; a Config built in code may still hold one
	c := smoke.New(cfg, smoke.Deps{})
	for _, tc := range []struct{ target, want string }{
		{smoke.Messaging, "MESSAGING_ACCESS_TOKEN"},
		{smoke.CRM, "CRM_ACCESS_TOKEN"},
		{smoke.ERP, "ERP_BASE_URL (empty)"},
		{smoke.LLM, "LLM_API_KEY is not set"},
		{smoke.Handoff, "no notifier configured"},
		{smoke.Table, "no table"},
	} {
		for _, mode := range []string{smoke.Preflight, smoke.Real} {
			r := run(t, c, tc.target, mode)
			if r.OK || !strings.Contains(r.Detail, tc.want) {
				t.Errorf("%s %s: %+v, want a failure naming %s", tc.target, mode, r, tc.want)
			}
			if mode == smoke.Real && tc.target != smoke.Table && !strings.Contains(r.Detail, "no call made") {
				t.Errorf("%s real: %q does not say no call was made", tc.target, r.Detail)
			}
		}
	}
}

func TestDisabledAdaptersAreStubs(t *testing.T) {
	c := smoke.New(load(t, map[string]string{
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false", "HANDOFF_NOTIFIER_ENABLED": "false",
	}), smoke.Deps{})
	for _, target := range []string{smoke.Messaging, smoke.CRM, smoke.ERP, smoke.Handoff} {
		r := run(t, c, target, smoke.Real)
		if !r.OK || !strings.Contains(r.Detail, "=false") || !strings.Contains(r.Detail, "no call made") {
			t.Errorf("%s: %+v", target, r)
		}
	}
}

func TestLLM(t *testing.T) {
	server := llmtest.NewServer(t, func(int) string { return "OK" })
	c := smoke.New(load(t, map[string]string{"LLM_API_KEY": llmKey, "LLM_BASE_URL": server.URL + "/v1", "LLM_MODEL": "test-model"}), smoke.Deps{})
	r := run(t, c, smoke.LLM, smoke.Preflight)
	if !r.OK || !strings.Contains(r.Detail, "model test-model") || len(server.Calls()) != 0 {
		t.Errorf("preflight: %+v after %d calls", r, len(server.Calls()))
	}
	r = run(t, c, smoke.LLM, smoke.Real)
	if !r.OK || !strings.Contains(r.Detail, `answered "OK"`) || !strings.Contains(r.Detail, "max_output_tokens 16") ||
		!strings.Contains(r.Detail, "12 input and 7 output tokens") {
		t.Errorf("real: %+v", r)
	}
	if calls := server.Calls(); len(calls) != 1 {
		t.Errorf("real made %d calls, want 1", len(calls))
	}

	dir := t.TempDir()
	file := filepath.Join(dir, "answers.yaml")
	if err := os.WriteFile(file, []byte("- '{\"s\":0} Oi'\n- '{\"s\":0} Tchau'\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c = smoke.New(load(t, map[string]string{"LLM_PROVIDER": "replay", "LLM_REPLAY_FILE": file}), smoke.Deps{})
	r = run(t, c, smoke.LLM, smoke.Real)
	if !r.OK || !strings.Contains(r.Detail, "2 recorded answers") || !strings.Contains(r.Detail, "no real call") {
		t.Errorf("replay: %+v", r)
	}
}

func TestHandoffNeverCalls(t *testing.T) {
	c := smoke.New(load(t, map[string]string{
		"HANDOFF_EMAIL_FROM": "bot@example.com", "HANDOFF_EMAIL_TO": "ops@example.com", "OPERATOR_PHONES": "+5511911112222",
	}), smoke.Deps{})
	r := run(t, c, smoke.Handoff, smoke.Real)
	if !r.OK || !strings.Contains(r.Detail, "no call made") || !strings.Contains(r.Detail, "1 operator or admin phone(s)") {
		t.Errorf("handoff: %+v", r)
	}
}

func TestTableReadsAKeyNoRecordUses(t *testing.T) {
	table := memory.New()
	c := smoke.New(load(t, nil), smoke.Deps{Table: table, TableName: "the in-memory table"})
	if r := run(t, c, smoke.Table, smoke.Preflight); !r.OK {
		t.Errorf("preflight: %+v", r)
	}
	r := run(t, c, smoke.Table, smoke.Real)
	if !r.OK || !strings.Contains(r.Detail, "not found, as expected") || !strings.Contains(r.Detail, "the in-memory table") {
		t.Errorf("real: %+v", r)
	}
}

func TestUnknownTargetOrMode(t *testing.T) {
	c := smoke.New(load(t, nil), smoke.Deps{})
	if _, err := c.Run(context.Background(), "fax", smoke.Preflight); !errors.Is(err, smoke.ErrUnknown) {
		t.Errorf("unknown target: %v", err)
	}
	if _, err := c.Run(context.Background(), smoke.LLM, "loud"); !errors.Is(err, smoke.ErrUnknown) {
		t.Errorf("unknown mode: %v", err)
	}
	if got := c.Targets(); strings.Join(got, ",") != "messaging,llm,crm,erp,handoff,table" {
		t.Errorf("Targets = %v", got)
	}
}

// A process that runs no client for an enabled adapter (a test's own
// sender, say) makes no real call, and says so.
func TestRealWithoutAClientCallsNothing(t *testing.T) {
	c := smoke.New(load(t, map[string]string{"CRM_ACCESS_TOKEN": crmToken}), smoke.Deps{})
	if r := run(t, c, smoke.CRM, smoke.Real); r.OK || !strings.Contains(r.Detail, "no call made") {
		t.Errorf("real without a client: %+v", r)
	}
}
