package admin_test

import (
	"strings"
	"sync"
	"testing"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/http/admin"
)

// running is the prompt an agent runs once its business part is text: the
// text, then the file's protected protocol.
func running(store *content.Store, agent, text string) string {
	_, protocol := content.SplitPrompt(store.FilePrompt(agent))
	return text + "\n\n" + protocol
}

type promptAnswer struct {
	Prompt  admin.PromptView `json:"prompt"`
	Version int              `json:"version"`
}

func TestPromptOverridesAreVersionedAndApplied(t *testing.T) {
	f := newFixture(t, admin.Config{})
	file := f.content.Prompt("TRIAGE")

	var got promptAnswer
	f.getJSON("/admin/api/prompts/triage", &got)
	if got.Prompt.AgentID != "TRIAGE" || got.Prompt.Source != "file" || got.Prompt.CurrentVersion != 0 || got.Prompt.Text != file || len(got.Prompt.History) != 0 {
		t.Fatalf("prompt before any override = %+v", got.Prompt)
	}

	for i, text := range []string{"Você é a triagem v1.", "Você é a triagem v2."} {
		status, body := f.do("PUT", "/admin/api/prompts/TRIAGE", `{"text": "`+text+`"}`, nil)
		if status != 201 {
			t.Fatalf("PUT = %d %s", status, body)
		}
		if !strings.Contains(body, `"version":`+string(rune('1'+i))) {
			t.Errorf("PUT %d answer lacks its version: %s", i+1, body)
		}
		if f.content.Prompt("TRIAGE") != running(f.content, "TRIAGE", text) {
			t.Errorf("after PUT %d the running store has %q", i+1, f.content.Prompt("TRIAGE"))
		}
	}
	f.getJSON("/admin/api/prompts/TRIAGE", &got)
	p := got.Prompt
	if p.Source != "override" || p.CurrentVersion != 2 || p.Text != "Você é a triagem v2." || len(p.History) != 2 ||
		p.History[0].Version != 1 || p.History[1].Text != "Você é a triagem v2." {
		t.Errorf("prompt after two PUTs = %+v", p)
	}
	if f.content.Prompt("QUALIFIER") == p.Text {
		t.Error("an override of TRIAGE reached QUALIFIER")
	}

	// A restart: a new content store gets the current version as its
	// settings load.
	restarted := newFixtureOn(t, admin.Config{}, f.table)
	if restarted.content.Prompt("TRIAGE") != running(f.content, "TRIAGE", "Você é a triagem v2.") || restarted.content.Prompt("REGISTRAR") != f.content.Prompt("REGISTRAR") {
		t.Errorf("after a restart: TRIAGE %q", restarted.content.Prompt("TRIAGE"))
	}
}

func TestPutPromptErrors(t *testing.T) {
	f := newFixture(t, admin.Config{})
	tests := []struct {
		body   string
		status int
		code   string
	}{
		{`{"text":`, 400, "invalid_json"},
		{`[]`, 400, "invalid_json"},
		{`{}`, 422, "empty_text"},
		{`{"text": "   "}`, 422, "empty_text"},
		{`{"text": "` + strings.Repeat("x", admin.MaxPromptBytes+1) + `"}`, 413, "prompt_too_large"},
	}
	for _, tt := range tests {
		status, body := f.do("PUT", "/admin/api/prompts/QUALIFIER", tt.body, nil)
		if status != tt.status || errorOf(t, body).Code != tt.code {
			t.Errorf("PUT %.30q = %d %s, want %d %s", tt.body, status, body, tt.status, tt.code)
		}
	}
	if status, body := f.do("PUT", "/admin/api/prompts/NOBODY", `{"text":"x"}`, nil); status != 404 || errorOf(t, body).Code != "unknown_agent" {
		t.Errorf("PUT unknown agent = %d %s", status, body)
	}
}

// Two nodes over one table race for versions: each PUT gets its own.
func TestConcurrentPromptPutsGetDistinctVersions(t *testing.T) {
	f := newFixture(t, admin.Config{})
	nodes := []*fixture{f, newFixtureOn(t, admin.Config{}, f.table)}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			if status, body := nodes[i%2].do("PUT", "/admin/api/prompts/REGISTRAR", `{"text":"v"}`, nil); status != 201 {
				t.Errorf("PUT = %d %s", status, body)
			}
		})
	}
	wg.Wait()
	var got promptAnswer
	f.getJSON("/admin/api/prompts/REGISTRAR", &got)
	if got.Prompt.CurrentVersion != 8 || len(got.Prompt.History) != 8 {
		t.Errorf("after 8 PUTs: current %d, %d versions", got.Prompt.CurrentVersion, len(got.Prompt.History))
	}
}
