package admin_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/settings"
)

// templatesSeed is MESSAGING_TEMPLATES of the replies page's tests.
var templatesSeed = []atendimento.Template{{Name: "retomar_contato", Language: "pt_BR", Body: "Olá {{1}}, podemos continuar?"}}

// repliesFixture is an admin handler whose replies page edits the saved
// replies in its table and the console's live template list.
func repliesFixture(t *testing.T) (*fixture, *atendimento.TemplateList) {
	t.Helper()
	table := memory.New(memory.WithClock(func() time.Time { return now }))
	live := settings.New(persistence.NewVersions(table), func() time.Time { return now }, zap.NewNop())
	list := atendimento.NewTemplateList(templatesSeed)
	admin.RegisterTemplates(live, list)
	if err := live.Load(t.Context()); err != nil {
		t.Fatal(err)
	}
	return newFixtureOn(t, admin.Config{Settings: live, Templates: list}, table), list
}

// savedReplies are the stored replies as code → text.
func (f *fixture) savedReplies() map[string]string {
	f.t.Helper()
	list, err := persistence.NewSavedReplies(f.table).List(f.t.Context())
	if err != nil {
		f.t.Fatal(err)
	}
	got := map[string]string{}
	for _, s := range list {
		got[s.Code] = s.Text
	}
	return got
}

// posted sends a same-origin form and requires the redirect back to the
// page with the flash of done.
func (f *fixture) posted(target string, form url.Values, done string) {
	f.t.Helper()
	res := f.request("POST", target, form, sameOrigin)
	if want := admin.RepliesPath + "?done=" + done; res.status != http.StatusSeeOther || res.header.Get("Location") != want {
		f.t.Fatalf("POST %s %v = %d to %q, want 303 to %q: %s", target, form, res.status, res.header.Get("Location"), want, res.body)
	}
}

// The owner adds a saved reply, rewrites its text and removes it; each
// change is what the console's /code finds, with a flash after it.
func TestRepliesPageSavedReplies(t *testing.T) {
	f, _ := repliesFixture(t)
	_, body := f.do("GET", admin.RepliesPath, "", nil)
	for _, want := range []string{"<h1>Respostas e modelos</h1>", "Nenhuma resposta pronta ainda.", "Atalho"} {
		if !strings.Contains(body, want) {
			t.Errorf("empty page lacks %q", want)
		}
	}

	saved := admin.RepliesPath + "/saved"
	f.posted(saved, url.Values{"code": {"/Horario"}, "text": {"Atendemos das 8h às 18h."}}, "reply_saved")
	if got := f.savedReplies(); got["horario"] != "Atendemos das 8h às 18h." {
		t.Fatalf("after the addition the replies are %v", got)
	}
	_, body = f.do("GET", admin.RepliesPath+"?done=reply_saved", "", nil)
	for _, want := range []string{"Resposta salva", "/horario", "Atendemos das 8h às 18h."} {
		if !strings.Contains(body, want) {
			t.Errorf("page after the addition lacks %q", want)
		}
	}

	f.posted(saved, url.Values{"code": {"horario"}, "edit": {"true"}, "text": {"Das 9h às 17h."}}, "reply_saved")
	if got := f.savedReplies(); len(got) != 1 || got["horario"] != "Das 9h às 17h." {
		t.Errorf("after the edit the replies are %v", got)
	}

	f.posted(saved+"/remove", url.Values{"code": {"horario"}}, "reply_removed")
	if got := f.savedReplies(); len(got) != 0 {
		t.Errorf("after the removal the replies are %v", got)
	}
	_, body = f.do("GET", admin.RepliesPath+"?done=reply_removed", "", nil)
	if !strings.Contains(body, "Resposta removida.") {
		t.Error("page after the removal lacks its flash")
	}
}

// A saved reply the console could not use is refused in pt-BR, 422, with
// what was typed still in the form, and nothing stored.
func TestRepliesPageRefusesSavedReplies(t *testing.T) {
	f, _ := repliesFixture(t)
	f.posted(admin.RepliesPath+"/saved", url.Values{"code": {"pix"}, "text": {"Nossa chave Pix é o CNPJ."}}, "reply_saved")
	for _, tt := range []struct {
		name   string
		form   url.Values
		reason string
		kept   string
	}{
		{"a code with a space", url.Values{"code": {"bom dia"}, "text": {"Bom dia!"}}, "O atalho deve ter de 1 a 32 letras minúsculas", `value="bom dia"`},
		{"no text", url.Values{"code": {"tchau"}, "text": {"  "}}, "Escreva o texto da resposta.", `value="tchau"`},
		{"an addition over an existing code", url.Values{"code": {"pix"}, "text": {"Outra chave"}}, "Já existe uma resposta com o atalho /pix", ">Outra chave</textarea>"},
		{"an edit emptied", url.Values{"code": {"pix"}, "edit": {"true"}, "text": {""}}, "Escreva o texto da resposta.", `id="reply-text-pix"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, body := f.postForm(admin.RepliesPath+"/saved", tt.form, sameOrigin)
			if status != http.StatusUnprocessableEntity || !strings.Contains(body, tt.reason) || !strings.Contains(body, tt.kept) {
				t.Errorf("POST %v = %d, want 422 with %q and %q: %s", tt.form, status, tt.reason, tt.kept, body)
			}
			if got := f.savedReplies(); len(got) != 1 || got["pix"] != "Nossa chave Pix é o CNPJ." {
				t.Errorf("a refused form stored %v", got)
			}
		})
	}
}

// The templates: the seed is listed with its language and parameters in
// words; an addition, an edit and a removal each save a version of the
// document that the console offers at once; restore brings one back.
func TestRepliesPageTemplates(t *testing.T) {
	f, list := repliesFixture(t)
	_, body := f.do("GET", admin.RepliesPath, "", nil)
	for _, want := range []string{"retomar_contato", "Português (Brasil) · 1 parâmetro", "24 horas", "mesmo nome e o mesmo idioma", "Ainda sem versões salvas"} {
		if !strings.Contains(body, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(tags.ReplaceAllString(body, " "), "pt_BR") {
		t.Error("page shows the language code pt_BR")
	}

	templates := admin.RepliesPath + "/templates"
	f.posted(templates, url.Values{"name": {" proposta_pronta "}, "language": {"es"}, "body": {"Su propuesta, {{1}}, vence el {{2}}."}}, "template_saved")
	want := append(templatesSeed, atendimento.Template{Name: "proposta_pronta", Language: "es", Body: "Su propuesta, {{1}}, vence el {{2}}."})
	sameTemplates(t, "after the addition", list.List(), want)
	_, body = f.do("GET", admin.RepliesPath+"?done=template_saved", "", nil)
	for _, want := range []string{"Modelo salvo", "Espanhol · 2 parâmetros", "Versão 1"} {
		if !strings.Contains(body, want) {
			t.Errorf("page after the addition lacks %q", want)
		}
	}

	f.posted(templates, url.Values{"was": {"proposta_pronta/es"}, "name": {"proposta_pronta"}, "language": {"pt_BR"}, "body": {"Sua proposta está pronta."}}, "template_saved")
	want[1] = atendimento.Template{Name: "proposta_pronta", Language: "pt_BR", Body: "Sua proposta está pronta."}
	sameTemplates(t, "after the edit", list.List(), want)

	f.posted(templates+"/remove", url.Values{"key": {"retomar_contato/pt_BR"}}, "template_removed")
	sameTemplates(t, "after the removal", list.List(), want[1:])

	res := f.request("POST", admin.RepliesPath+"/restore", url.Values{"version": {"1"}}, sameOrigin)
	if res.status != http.StatusSeeOther || res.header.Get("Location") != admin.RepliesPath+"?done=restored" {
		t.Fatalf("restore = %d to %q", res.status, res.header.Get("Location"))
	}
	sameTemplates(t, "after restoring version 1", list.List(), append(templatesSeed, atendimento.Template{Name: "proposta_pronta", Language: "es", Body: "Su propuesta, {{1}}, vence el {{2}}."}))
	_, body = f.do("GET", admin.RepliesPath+"?done=restored", "", nil)
	if !strings.Contains(body, "Versão restaurada") || !strings.Contains(body, "cópia da versão 1") {
		t.Errorf("page after the restore lacks the flash or the copy")
	}
}

// A template the document would refuse is refused in pt-BR, 422, with what
// was typed in its form, and the console's list is unchanged.
func TestRepliesPageRefusesTemplates(t *testing.T) {
	f, list := repliesFixture(t)
	templates := admin.RepliesPath + "/templates"
	f.posted(templates, url.Values{"name": {"boas_vindas"}, "language": {"pt_BR"}, "body": {"Oi!"}}, "template_saved")
	before := list.List()
	for _, tt := range []struct {
		name   string
		form   url.Values
		reason string
		kept   string
	}{
		{"no name", url.Values{"language": {"en_US"}, "body": {"Hello {{1}}"}}, "Escreva o nome do modelo exatamente como foi aprovado", ">Hello {{1}}</textarea>"},
		{"no language", url.Values{"name": {"sem_idioma"}, "language": {""}}, "Escolha o idioma em que o modelo foi aprovado.", `value="sem_idioma"`},
		{"an addition listed already", url.Values{"name": {"retomar_contato"}, "language": {"pt_BR"}, "body": {"Outro texto"}},
			"O modelo «retomar_contato» em Português (Brasil) já está na lista.", ">Outro texto</textarea>"},
		{"an edit onto another template", url.Values{"was": {"boas_vindas/pt_BR"}, "name": {"retomar_contato"}, "language": {"pt_BR"}, "body": {"Oi de novo"}},
			"O modelo «retomar_contato» em Português (Brasil) já está na lista.", ">Oi de novo</textarea>"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			status, body := f.postForm(templates, tt.form, sameOrigin)
			if status != http.StatusUnprocessableEntity || !strings.Contains(body, tt.reason) || !strings.Contains(body, tt.kept) {
				t.Errorf("POST %v = %d, want 422 with %q and %q: %s", tt.form, status, tt.reason, tt.kept, body)
			}
			sameTemplates(t, "after a refusal", list.List(), before)
		})
	}
}

// A form posted from another site changes no reply, no template and no
// version.
func TestRepliesPageRefusesCrossOriginPosts(t *testing.T) {
	f, list := repliesFixture(t)
	evil := map[string]string{"Origin": "https://evil.example"}
	form := url.Values{"code": {"evil"}, "text": {"x"}, "name": {"evil"}, "language": {"pt_BR"}, "key": {"retomar_contato/pt_BR"}, "version": {"1"}}
	for _, path := range []string{"/saved", "/saved/remove", "/templates", "/templates/remove", "/restore"} {
		if status, _ := f.postForm(admin.RepliesPath+path, form, evil); status != http.StatusForbidden {
			t.Errorf("cross-origin POST %s = %d, want 403", path, status)
		}
	}
	if got := f.savedReplies(); len(got) != 0 {
		t.Errorf("a cross-origin post stored %v", got)
	}
	sameTemplates(t, "after cross-origin posts", list.List(), templatesSeed)
}

func sameTemplates(t *testing.T, when string, got, want []atendimento.Template) {
	t.Helper()
	if atendimento.FormatTemplates(got) != atendimento.FormatTemplates(want) {
		t.Errorf("%s the console offers %s, want %s", when, atendimento.FormatTemplates(got), atendimento.FormatTemplates(want))
	}
}
