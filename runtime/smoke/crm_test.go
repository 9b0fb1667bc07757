package smoke_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/crm"
	"github.com/intake-runtime/intake/internal/httpcall"
	"github.com/intake-runtime/intake/runtime/smoke"
)

// The CRM smoke says which of the pipeline, the stages the projection sends
// and the session property the CRM lacks, before a deal is refused for it.
func TestCRMSmokeNamesWhatIsMissing(t *testing.T) {
	answers := map[string]string{
		"/crm/v3/objects/contacts":   `{"results":[]}`,
		"/crm/v3/pipelines/deals/p1": `{"id":"p1","stages":[{"id":"appointmentscheduled"},{"id":"qualifiedtobuy"}]}`,
	}
	var mu sync.Mutex
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		body, ok := answers[r.URL.Path]
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if !ok {
			w.WriteHeader(http.StatusNotFound)
			body = `{"status":"error","message":"not found"}`
		}
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(server.Close)
	cfg := load(t, map[string]string{"CRM_BASE_URL": server.URL, "CRM_ACCESS_TOKEN": crmToken, "CRM_PIPELINE": "p1",
		"CRM_STAGES": "novo=appointmentscheduled,qualificado=qualifiedtobuy,encerrado=closedlost"})
	client, err := crm.New(crm.Config{Config: httpcall.Config{BaseURL: server.URL, AccessToken: crmToken},
		Pipeline: "p1", Stages: cfg.CRM.Stages, SessionProperty: cfg.CRM.SessionProperty, LogicalStages: projection.Stages()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := run(t, smoke.New(cfg, smoke.Deps{CRM: client}), smoke.CRM, smoke.Real)
	if r.OK {
		t.Fatalf("CRM smoke passed with stages and the property missing: %s", r.Detail)
	}
	for _, want := range []string{
		`stage "cadastro_completo" for cadastro_completo in pipeline "p1"`,
		`stage "em_atendimento" for em_atendimento`,
		`stage "closedlost" for encerrado`,
		`deal property "intake_session_id" (create it, or set CRM_SESSION_PROPERTY)`,
	} {
		if !strings.Contains(r.Detail, want) {
			t.Errorf("detail %q lacks %q", r.Detail, want)
		}
	}
	if strings.Contains(r.Detail, "for novo") || strings.Contains(r.Detail, "deal pipeline") {
		t.Errorf("detail %q names something the CRM has", r.Detail)
	}

	mu.Lock()
	delete(answers, "/crm/v3/pipelines/deals/p1")
	mu.Unlock()
	if r := run(t, smoke.New(cfg, smoke.Deps{CRM: client}), smoke.CRM, smoke.Real); r.OK || !strings.Contains(r.Detail, `deal pipeline "p1" (CRM_PIPELINE)`) {
		t.Errorf("without the pipeline: %+v", r)
	}
}
