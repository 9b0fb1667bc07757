package dashboard_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/http/dashboard"
)

func TestPromptShowsTheEffectiveText(t *testing.T) {
	e := newEnv(t)
	var got dashboard.PromptView
	r := e.get(t, "/dashboard/prompts/triage")
	wantStatus(t, r, http.StatusOK)
	r.json(t, &got)
	if got.AgentID != "TRIAGE" || got.Prompt != e.content.Prompt("TRIAGE") || got.Prompt == "" || got.Versions != "/admin/prompts/TRIAGE" {
		t.Errorf("prompt = %+v", got)
	}

	e.content.SetPromptOverride("TRIAGE", "Versão 7 do prompt.")
	e.get(t, "/dashboard/prompts/TRIAGE").json(t, &got)
	if got.Prompt != "Versão 7 do prompt." {
		t.Errorf("with an override, prompt = %q", got.Prompt)
	}

	r = e.get(t, "/dashboard/prompts/NOBODY")
	if r.status != http.StatusNotFound || r.errorCode(t) != "unknown_agent" || !strings.Contains(string(r.body), "REGISTRAR") {
		t.Errorf("unknown agent: %d %s", r.status, r.body)
	}
}
