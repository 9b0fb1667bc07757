package admin_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/persistence"
)

// sameSite is the Origin of a form posted from the pages themselves.
var sameSite = map[string]string{"Origin": "http://example.com"}

// The catalogue page lists each service as a form, in pt-BR, with its
// segment by label and its packages as checkboxes by title.
func TestCataloguePageShowsTheServices(t *testing.T) {
	f := newFixture(t, admin.Config{})
	status, body := f.do("GET", admin.CataloguePath, "", nil)
	if status != 200 {
		t.Fatalf("GET = %d %s", status, body)
	}
	for _, want := range []string{
		"<h1>Catálogo de serviços</h1>", `value="Pesquisa de Satisfação de Clientes"`,
		`value="pesquisa" selected>Pesquisa de mercado</option>`, `value="pesquisa-satisfacao" checked`,
		"Adicionar serviço", "Remover serviço", "Ainda sem versões salvas",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("catalogue page lacks %q", want)
		}
	}
}

// Each change of a card is saved as the catalogue's next version and
// served at once; a refused one is shown again, 422, with the reason and
// what was typed, and changes nothing.
func TestCataloguePageChanges(t *testing.T) {
	f := newFixture(t, admin.Config{})
	tests := []struct {
		name   string
		form   url.Values
		status int
		// flash or refusal is on the page answered (after the redirect).
		text string
		// check tells whether the catalogue served is as expected.
		check func(content.Catalogue) bool
	}{
		{"add", url.Values{"name": {"Auditoria de Lojas"}, "segment": {"consultoria"}, "aliases": {"auditoria, auditoria de varejo, auditoria"}, "packages": {"empresa", "precos-prazos"}},
			303, "Serviço adicionado", func(c content.Catalogue) bool {
				s, ok := c.Service("auditoria de varejo")
				return ok && s.Name == "Auditoria de Lojas" && s.Segment == "consultoria" && len(s.Aliases) == 2 && len(s.Packages) == 2
			}},
		{"rename and change", url.Values{"service": {"Auditoria de Lojas"}, "name": {"Auditoria de Varejo"}, "segment": {"pesquisa"}, "aliases": {"lojas"}},
			303, "Salvo", func(c content.Catalogue) bool {
				s, ok := c.Service("lojas")
				_, old := c.Service("Auditoria de Lojas")
				return ok && s.Name == "Auditoria de Varejo" && s.Segment == "pesquisa" && len(s.Packages) == 0 && !old
			}},
		{"an alias of another service", url.Values{"name": {"Outro NPS"}, "segment": {"pesquisa"}, "aliases": {"NPS"}},
			422, "identifica dois serviços", func(c content.Catalogue) bool { _, ok := c.Service("Outro NPS"); return !ok }},
		{"no name", url.Values{"service": {"Auditoria de Varejo"}, "name": {" "}, "segment": {"pesquisa"}},
			422, "serviço sem nome", func(c content.Catalogue) bool { _, ok := c.Service("Auditoria de Varejo"); return ok }},
		{"an unknown segment", url.Values{"name": {"Novo"}, "segment": {"esportes"}},
			422, "segmento que não existe", func(c content.Catalogue) bool { _, ok := c.Service("Novo"); return !ok }},
		{"an unknown package", url.Values{"name": {"Novo"}, "segment": {"pesquisa"}, "packages": {"nao-existe"}},
			422, "“nao-existe”, que não existe", func(c content.Catalogue) bool { _, ok := c.Service("Novo"); return !ok }},
		{"a service gone", url.Values{"service": {"Sumiu"}, "name": {"Digitado"}, "segment": {"pesquisa"}},
			422, "não existe mais", func(c content.Catalogue) bool { _, ok := c.Service("Digitado"); return !ok }},
		{"remove", url.Values{"service": {"Auditoria de Varejo"}, "name": {"Auditoria de Varejo"}, "segment": {"pesquisa"}, "remove": {"1"}},
			303, "Serviço removido", func(c content.Catalogue) bool { _, ok := c.Service("lojas"); return !ok }},
	}
	for _, tt := range tests {
		res := f.request("POST", admin.CataloguePath, tt.form, sameSite)
		if res.status != tt.status {
			t.Fatalf("%s: POST = %d %s, want %d", tt.name, res.status, res.body, tt.status)
		}
		body := res.body
		if res.status == 303 {
			_, body = f.do("GET", res.header.Get("Location"), "", nil)
		} else if typed := tt.form.Get("name"); strings.TrimSpace(typed) != "" && !strings.Contains(body, `value="`+typed+`"`) {
			t.Errorf("%s: the refused page lost the name typed", tt.name)
		}
		if !strings.Contains(body, tt.text) {
			t.Errorf("%s: page lacks %q", tt.name, tt.text)
		}
		if !tt.check(f.content.Catalogue()) {
			t.Errorf("%s: the catalogue served is not as expected", tt.name)
		}
	}
	history, err := persistence.NewVersions(f.table).History(t.Context(), content.CatalogueDoc)
	if err != nil || len(history) != 3 || history[0].Author != "dev" {
		t.Fatalf("history = %d versions, %v; want the three changes saved", len(history), err)
	}
}

// An old catalogue comes back from the versions list, as a new version.
func TestCatalogueRestore(t *testing.T) {
	f := newFixture(t, admin.Config{})
	original := f.content.CatalogueText()
	for _, name := range []string{"Primeiro", "Segundo"} {
		if res := f.request("POST", admin.CataloguePath, url.Values{"name": {name}, "segment": {"pesquisa"}}, sameSite); res.status != 303 {
			t.Fatalf("add %s = %d %s", name, res.status, res.body)
		}
	}
	res := f.request("POST", admin.CataloguePath+"/restore", url.Values{"version": {"1"}}, sameSite)
	if res.status != 303 || res.header.Get("Location") != admin.CataloguePath+"?done=restored" {
		t.Fatalf("restore = %d %q", res.status, res.header.Get("Location"))
	}
	c := f.content.Catalogue()
	if _, first := c.Service("Primeiro"); !first {
		t.Error("version 1 is not served")
	}
	if _, second := c.Service("Segundo"); second {
		t.Error("version 2 is still served")
	}
	if _, body := f.do("GET", res.header.Get("Location"), "", nil); !strings.Contains(body, "Versão restaurada") || !strings.Contains(body, "cópia da versão 1") {
		t.Error("the page does not say the version came back")
	}
	if f.content.CatalogueText() == original {
		t.Error("the file's catalogue is served")
	}
}

// Every form of the catalogue and knowledge pages refuses a post from
// another site, and saves nothing.
func TestContentPagesRefuseCrossOriginPosts(t *testing.T) {
	f := newFixture(t, admin.Config{})
	evil := map[string]string{"Origin": "https://evil.example"}
	for target, form := range map[string]url.Values{
		admin.CataloguePath:                      {"name": {"Intruso"}, "segment": {"pesquisa"}},
		admin.CataloguePath + "/restore":         {"version": {"1"}},
		admin.KnowledgePath:                      {"id": {"intruso"}, "text": {"# Intruso"}},
		admin.KnowledgePath + "/empresa":         {"text": {"# Intruso"}},
		admin.KnowledgePath + "/empresa/restore": {"version": {"1"}},
	} {
		if status, body := f.postForm(target, form, evil); status != 403 {
			t.Errorf("cross-origin POST %s = %d %s, want 403", target, status, body)
		}
	}
	if _, ok := f.content.Catalogue().Service("Intruso"); ok {
		t.Error("a cross-origin post added a service")
	}
	if p, _ := f.content.Package("empresa"); strings.Contains(p.Content, "Intruso") {
		t.Error("a cross-origin post edited a package")
	}
}
