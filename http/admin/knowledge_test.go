package admin_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/http/admin"
)

// The knowledge list links every package by title and offers a new one; a
// new package is created with a file-style ID, and refused (422, typed
// values kept) otherwise.
func TestKnowledgePages(t *testing.T) {
	f := newFixture(t, admin.Config{})
	status, body := f.do("GET", admin.KnowledgePath, "", nil)
	if status != 200 || !strings.Contains(body, `href="/admin/settings/knowledge/empresa"`) || !strings.Contains(body, "Criar pacote") {
		t.Fatalf("GET %s = %d, lacks the packages or the form", admin.KnowledgePath, status)
	}
	tests := []struct {
		name, id, text string
		status         int
		refusal        string
	}{
		{"a bad id", "Garantia Estendida", "# Garantia", 422, "não serve"},
		{"an id in use", "empresa", "# Outra empresa", 422, "Já existe um pacote"},
		{"empty", "garantia", "  ", 422, "vazio"},
		{"a new package", "garantia", "# Garantia estendida\n\nDois anos.", 303, ""},
	}
	for _, tt := range tests {
		res := f.request("POST", admin.KnowledgePath, url.Values{"id": {tt.id}, "text": {tt.text}}, sameSite)
		if res.status != tt.status {
			t.Fatalf("%s: POST = %d %s", tt.name, res.status, res.body)
		}
		if tt.refusal != "" && (!strings.Contains(res.body, tt.refusal) || !strings.Contains(res.body, `value="`+tt.id+`"`)) {
			t.Errorf("%s: the page lacks the reason %q or the id typed", tt.name, tt.refusal)
		}
	}
	if p, err := f.content.Package("garantia"); err != nil || p.Title != "Garantia estendida" {
		t.Errorf("the new package = %+v, %v", p, err)
	}
}

// The editor previews the text rendered (raw HTML left out), saves it as
// the package's next version, refuses an empty one and restores an old one.
func TestPackageEditor(t *testing.T) {
	f := newFixture(t, admin.Config{})
	path := admin.KnowledgePath + "/empresa"
	original, _ := f.content.Package("empresa")

	typed := "# Empresa\n\n**Desde 1990.** <script>alert(1)</script> [x](javascript:alert(1))"
	res := f.request("POST", path, url.Values{"text": {typed}, "preview": {"1"}}, sameSite)
	if res.status != 200 || !strings.Contains(res.body, "<strong>Desde 1990.</strong>") || !strings.Contains(res.body, "Ainda não salvo") {
		t.Fatalf("preview = %d, lacks the rendered text", res.status)
	}
	if strings.Contains(res.body, "<script>alert") || strings.Contains(res.body, `href="javascript:`) {
		t.Error("the preview let script through")
	}
	if p, _ := f.content.Package("empresa"); p.Content != original.Content {
		t.Error("a preview saved the text")
	}

	for i, text := range []string{"# Empresa v1\n", "# Empresa v2\n"} {
		res := f.request("POST", path, url.Values{"text": {text}}, sameSite)
		if res.status != 303 || res.header.Get("Location") != path+"?done=saved" {
			t.Fatalf("save %d = %d %q", i+1, res.status, res.header.Get("Location"))
		}
	}
	if p, _ := f.content.Package("empresa"); p.Title != "Empresa v2" {
		t.Errorf("served title = %q", p.Title)
	}
	res = f.request("POST", path, url.Values{"text": {" \n"}}, sameSite)
	if res.status != 422 || !strings.Contains(res.body, "O pacote está vazio") {
		t.Errorf("empty save = %d, want 422 with the reason", res.status)
	}

	res = f.request("POST", path+"/restore", url.Values{"version": {"1"}}, sameSite)
	if res.status != 303 {
		t.Fatalf("restore = %d %s", res.status, res.body)
	}
	if p, _ := f.content.Package("empresa"); p.Title != "Empresa v1" {
		t.Errorf("after the restore the title is %q", p.Title)
	}
	_, body := f.do("GET", res.header.Get("Location"), "", nil)
	for _, want := range []string{"Versão restaurada", "Versão 3", "cópia da versão 1", "<h1>Empresa v1</h1>"} {
		if !strings.Contains(body, want) {
			t.Errorf("editor after the restore lacks %q", want)
		}
	}
	if status, _ := f.do("GET", admin.KnowledgePath+"/nao-existe", "", nil); status != 404 {
		t.Errorf("an unknown package = %d, want 404", status)
	}
}
