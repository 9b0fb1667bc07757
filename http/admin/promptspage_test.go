package admin_test

import (
	"html"
	"net/url"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/http/admin"
)

const triagePage = admin.PromptsPath + "/triage"

// The prompts page names the agents in words and links each editor, which
// shows the editable part in a textarea and the protocol read-only.
func TestPromptsPageShowsTheAgentsAndTheProtectedPart(t *testing.T) {
	f := newFixture(t, admin.Config{})
	_, index := f.do("GET", admin.PromptsPath, "", nil)
	for _, want := range []string{"Triagem", "Qualificação", "Cadastro", "Resumo", `href="` + triagePage + `"`, `href="/admin/settings" class="here"`} {
		if !strings.Contains(index, want) {
			t.Errorf("prompts index lacks %q", want)
		}
	}
	if strings.Contains(index, "TRIAGE") || strings.Contains(index, "REGISTRAR") {
		t.Error("the prompts index shows an agent's code")
	}
	_, settingsIndex := f.do("GET", admin.SettingsPath, "", nil)
	if !strings.Contains(settingsIndex, `href="`+admin.PromptsPath+`"`) {
		t.Error("the settings index has no prompts card")
	}

	status, body := f.do("GET", triagePage, "", nil)
	business, protocol := content.SplitPrompt(f.content.FilePrompt("TRIAGE"))
	textarea := body[strings.Index(body, "<textarea"):strings.Index(body, "</textarea>")]
	if status != 200 || !strings.Contains(textarea, html.EscapeString(strings.TrimSpace(business))[:60]) ||
		strings.Contains(textarea, content.ProtocolHeading) {
		t.Errorf("the textarea is not the business part alone: %d %.200s", status, textarea)
	}
	if !strings.Contains(body, `<pre class="protected" id="prompt-protocol">`+html.EscapeString(protocol)[:40]) {
		t.Error("the protocol is not shown read-only")
	}
}

// Saving from the page stores a version the agent runs with the protocol;
// a broken protocol or an empty text is refused 422 in pt-BR with the text
// kept; a version is restored from the history.
func TestPromptsPageSavesRefusesAndRestores(t *testing.T) {
	f := newFixture(t, admin.Config{})
	for _, text := range []string{"Você é a triagem da Padaria Sol.", "Você é a triagem, versão 2."} {
		res := f.request("POST", triagePage, url.Values{"text": {text}}, sameOrigin)
		if res.status != 303 || res.header.Get("Location") != triagePage+"?done=saved" {
			t.Fatalf("POST %q = %d to %q %s", text, res.status, res.header.Get("Location"), res.body)
		}
		if got := f.content.Prompt("TRIAGE"); got != running(f.content, "TRIAGE", text) {
			t.Errorf("after the save the agent runs %.80q", got)
		}
	}
	_, body := f.do("GET", triagePage+"?done=saved", "", nil)
	if !strings.Contains(body, "Salvo: já está valendo.") || !strings.Contains(body, "Versão 2") || !strings.Contains(body, "Voltar a esta versão") {
		t.Errorf("the page after the save lacks the flash or the history")
	}

	_, protocol := content.SplitPrompt(f.content.FilePrompt("TRIAGE"))
	for _, c := range []struct{ name, text, reason string }{
		{"protocol changed", "Nova triagem.\n\n" + strings.Replace(protocol, `"packages"`, `"pacotes"`, 1),
			"a parte protegida «Formato da resposta» perdeu esta linha"},
		{"JSON example", "Nova triagem.\n{\"s\": 1} Oi", "a parte editável traz um exemplo de resposta JSON"},
		{"empty", "   ", "Escreva as instruções antes de salvar."},
	} {
		status, body := f.postForm(triagePage, url.Values{"text": {c.text}}, nil)
		if status != 422 || !strings.Contains(html.UnescapeString(body), c.reason) || !strings.Contains(body, `role="alert"`) {
			t.Errorf("%s: POST = %d, want 422 with %q", c.name, status, c.reason)
		}
		if !strings.Contains(html.UnescapeString(body), strings.TrimSpace(c.text)) {
			t.Errorf("%s: the page does not keep the typed text", c.name)
		}
	}

	res := f.request("POST", triagePage+"/restore", url.Values{"version": {"1"}}, sameOrigin)
	if res.status != 303 || res.header.Get("Location") != triagePage+"?done=restored" {
		t.Fatalf("restore = %d to %q", res.status, res.header.Get("Location"))
	}
	if got := f.content.Prompt("TRIAGE"); got != running(f.content, "TRIAGE", "Você é a triagem da Padaria Sol.") {
		t.Errorf("after the restore the agent runs %.80q", got)
	}
}

// Another site's page cannot post the prompt forms.
func TestPromptsPageRefusesCrossOriginPosts(t *testing.T) {
	f := newFixture(t, admin.Config{})
	file := f.content.Prompt("TRIAGE")
	evil := map[string]string{"Origin": "https://evil.example"}
	for target, form := range map[string]url.Values{
		triagePage:              {"text": {"Intrusa."}},
		triagePage + "/restore": {"version": {"1"}},
	} {
		if status, body := f.postForm(target, form, evil); status != 403 {
			t.Errorf("cross-sameOrigin POST %s = %d %s, want 403", target, status, body)
		}
	}
	if f.content.Prompt("TRIAGE") != file {
		t.Error("a cross-sameOrigin post changed the prompt")
	}
}
