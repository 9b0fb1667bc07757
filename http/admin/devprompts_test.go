package admin_test

import (
	"testing"

	"github.com/intake-runtime/intake/http/admin"
)

// The dashboard's Prompts tab edits prompts through the development route:
// no admin key, but a POST from another site's page is refused.
func TestDevPromptRouteEditsWithoutTheKey(t *testing.T) {
	f := newFixture(t, admin.Config{})
	var got promptAnswer
	f.getJSON(admin.DevPromptsPath+"/registrar", &got)
	if got.Prompt.AgentID != "REGISTRAR" || got.Prompt.Source != "file" {
		t.Fatalf("GET = %+v", got.Prompt)
	}

	status, body := f.do("POST", admin.DevPromptsPath+"/REGISTRAR", `{"text": "Cadastro v1."}`,
		map[string]string{"Origin": "http://evil.example", "Host": "example.com"})
	if status != 403 || errorOf(t, body).Code != "cross_origin" || f.content.Prompt("REGISTRAR") == running(f.content, "REGISTRAR", "Cadastro v1.") {
		t.Fatalf("a cross-site POST = %d %s", status, body)
	}

	status, body = f.do("POST", admin.DevPromptsPath+"/REGISTRAR", `{"text": "Cadastro v1."}`, sameOrigin)
	if status != 201 || f.content.Prompt("REGISTRAR") != running(f.content, "REGISTRAR", "Cadastro v1.") {
		t.Fatalf("a POST from the page = %d %s", status, body)
	}
	f.getJSON(admin.DevPromptsPath+"/REGISTRAR", &got)
	if got.Prompt.CurrentVersion != 1 || got.Prompt.Source != "override" || len(got.Prompt.History) != 1 {
		t.Errorf("after the edit: %+v", got.Prompt)
	}
}
