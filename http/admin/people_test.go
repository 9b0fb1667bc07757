package admin_test

import (
	"context"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/persistence"
)

// postForm posts a browser form to target; header adds to it (Origin).
func (f *fixture) postForm(target string, form url.Values, header map[string]string) (int, string) {
	f.t.Helper()
	res := f.request("POST", target, form, header)
	return res.status, res.body
}

// operator reads one roster record as the console and notices do.
func (f *fixture) operator(phone string) persistence.OperatorRecord {
	f.t.Helper()
	o, err := persistence.NewOperatorRoster(f.table).Get(context.Background(), phone)
	if err != nil {
		f.t.Fatalf("operator %s: %v", phone, err)
	}
	return o
}

func (f *fixture) putOperator(o persistence.OperatorRecord) {
	f.t.Helper()
	if err := persistence.NewOperatorRoster(f.table).Put(context.Background(), o); err != nil {
		f.t.Fatal(err)
	}
}

// The people page lists the roster in pt-BR: name, the number as people
// type it, status and signature, with a form per person.
func TestPeoplePageListsTheRoster(t *testing.T) {
	f := newFixture(t, admin.Config{})
	f.putOperator(persistence.OperatorRecord{Phone: "+5511988887777", Name: "Ana", Signature: true, UpdatedAt: now})
	f.putOperator(persistence.OperatorRecord{Phone: "+5521977776666", Name: "Bruno", Disabled: true, UpdatedAt: now})
	status, body := f.do("GET", admin.PeoplePath, "", nil)
	if status != 200 {
		t.Fatalf("GET %s = %d %s", admin.PeoplePath, status, body)
	}
	for _, want := range []string{
		"<h1>Pessoas</h1>", `href="/admin/people" class="here"`,
		"Ana", "(11) 98888-7777", "Ativo", "Assinatura ligada",
		"Bruno", "(21) 97777-6666", "Desativado", "Assinatura desligada", ">Ativar<",
		`action="/admin/people/&#43;5511988887777"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("people page lacks %q", want)
		}
	}
}

// Every admin page links to the people page.
func TestAdminNavigationLinksPeople(t *testing.T) {
	f := newFixture(t, admin.Config{})
	_, body := f.do("GET", "/admin/alerts", "", nil)
	if !strings.Contains(body, `<a href="/admin/people">Pessoas</a>`) {
		t.Errorf("alerts page has no link to the people page")
	}
}

// The owner adds, renames, signs and disables people with the page's
// forms; each write redirects back with a pt-BR flash.
func TestPeoplePageWrites(t *testing.T) {
	f := newFixture(t, admin.Config{})
	const phone = "+5511988887777"
	path := admin.PeoplePath + "/" + url.PathEscape(phone)
	for _, step := range []struct {
		name, target string
		form         url.Values
		flash        string
		want         persistence.OperatorRecord
	}{
		{"add as typed", admin.PeoplePath, url.Values{"phone": {"(11) 98888-7777"}, "name": {" Ana "}},
			"(11) 98888-7777 foi adicionado(a).", persistence.OperatorRecord{Name: "Ana"}},
		{"rename and sign", path, url.Values{"name": {"Ana Paula"}, "signature": {"on"}},
			"(11) 98888-7777 foi atualizado(a).", persistence.OperatorRecord{Name: "Ana Paula", Signature: true}},
		{"disable", path, url.Values{"disabled": {"true"}},
			"(11) 98888-7777 foi desativado(a).", persistence.OperatorRecord{Name: "Ana Paula", Signature: true, Disabled: true}},
		{"enable", path, url.Values{"disabled": {"false"}},
			"(11) 98888-7777 foi ativado(a).", persistence.OperatorRecord{Name: "Ana Paula", Signature: true}},
		{"signature off", path, url.Values{"name": {"Ana Paula"}},
			"(11) 98888-7777 foi atualizado(a).", persistence.OperatorRecord{Name: "Ana Paula"}},
	} {
		res := f.request("POST", step.target, step.form, sameOrigin)
		back := res.header.Get("Location")
		if res.status != 303 || !strings.HasPrefix(back, admin.PeoplePath+"?") {
			t.Fatalf("%s: POST %s = %d to %q %s, want 303 to the page", step.name, step.target, res.status, back, res.body)
		}
		_, page := f.do("GET", back, "", nil)
		if !strings.Contains(page, step.flash) {
			t.Errorf("%s: page after %s lacks the flash %q", step.name, back, step.flash)
		}
		got := f.operator(phone)
		if got.Name != step.want.Name || got.Signature != step.want.Signature || got.Disabled != step.want.Disabled {
			t.Errorf("%s: roster has %+v, want %+v", step.name, got, step.want)
		}
	}
}

// A refused write shows the page again, in pt-BR with what was typed,
// and writes nothing.
func TestPeoplePageRefusals(t *testing.T) {
	f := newFixture(t, admin.Config{})
	f.putOperator(persistence.OperatorRecord{Phone: "+5511988887777", Name: "Ana", UpdatedAt: now})
	long := strings.Repeat("a", 61)
	for _, c := range []struct {
		name, target string
		form         url.Values
		errText      string
		kept         []string
	}{
		{"no area code", admin.PeoplePath, url.Values{"phone": {"98888-7777"}, "name": {"Bia"}},
			"Número inválido. Digite o número de WhatsApp com DDD", []string{`value="98888-7777"`, `value="Bia"`}},
		{"letters", admin.PeoplePath, url.Values{"phone": {"operadora"}, "name": {"Bia"}},
			"Número inválido.", []string{`value="operadora"`}},
		{"no name", admin.PeoplePath, url.Values{"phone": {"(11) 97777-6666"}, "name": {"  "}},
			"Informe o nome da pessoa.", []string{`value="(11) 97777-6666"`}},
		{"long name", admin.PeoplePath, url.Values{"phone": {"(11) 97777-6666"}, "name": {long}},
			"no máximo 60 caracteres", []string{`value="` + long + `"`}},
		{"already there", admin.PeoplePath, url.Values{"phone": {"11988887777"}, "name": {"Outra"}},
			"Este número já está na lista", nil},
		{"rename to nothing", admin.PeoplePath + "/%2B5511988887777", url.Values{"name": {""}},
			"Informe o nome da pessoa.", nil},
		{"unknown person", admin.PeoplePath + "/%2B5511977776666", url.Values{"disabled": {"true"}},
			"Esta pessoa não está na lista.", nil},
	} {
		status, body := f.postForm(c.target, c.form, nil)
		if status != 422 || !strings.Contains(body, c.errText) || !strings.Contains(body, `role="alert"`) {
			t.Errorf("%s: POST = %d, want 422 with %q in the page:\n%s", c.name, status, c.errText, body)
		}
		for _, k := range c.kept {
			if !strings.Contains(body, k) {
				t.Errorf("%s: the page does not keep %s", c.name, k)
			}
		}
	}
	var got struct {
		Operators []persistence.OperatorRecord `json:"operators"`
	}
	f.getJSON("/admin/api/operators", &got)
	if len(got.Operators) != 1 || got.Operators[0].Name != "Ana" || got.Operators[0].Disabled {
		t.Errorf("roster after refusals = %+v, want Ana alone, unchanged", got.Operators)
	}
}

// Another site's page cannot post the forms: the admin session cookie is
// SameSite=Strict, and the Origin must be this server's.
func TestPeoplePageRefusesCrossOriginPosts(t *testing.T) {
	f := newFixture(t, admin.Config{})
	f.putOperator(persistence.OperatorRecord{Phone: "+5511988887777", Name: "Ana", UpdatedAt: now})
	evil := map[string]string{"Origin": "https://evil.example"}
	for target, form := range map[string]url.Values{
		admin.PeoplePath:                       {"phone": {"(11) 97777-6666"}, "name": {"Intrusa"}},
		admin.PeoplePath + "/%2B5511988887777": {"disabled": {"true"}},
	} {
		if status, body := f.postForm(target, form, evil); status != 403 {
			t.Errorf("cross-origin POST %s = %d %s, want 403", target, status, body)
		}
	}
	if o := f.operator("+5511988887777"); o.Disabled {
		t.Error("a cross-origin post disabled Ana")
	}
	if _, err := persistence.NewOperatorRoster(f.table).Get(context.Background(), "+5511977776666"); err == nil {
		t.Error("a cross-origin post added a person")
	}
}

// request sends form to target and returns the whole answer (Location).
func (f *fixture) request(method, target string, form url.Values, header map[string]string) answer {
	f.t.Helper()
	req := httptest.NewRequest(method, target, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	return exchange(f.t, f.app, req)
}

// Behind the login, the forms write nothing without an owner's session.
func TestPeoplePostsNeedTheOwnersSession(t *testing.T) {
	e := newLoginEnv(t)
	res := e.send("POST", admin.PeoplePath, url.Values{"phone": {"(11) 97777-6666"}, "name": {"Intrusa"}}, "")
	if res.status != 303 || res.header.Get("Location") != admin.LoginPath {
		t.Errorf("POST %s without a session = %d to %q, want a redirect to the login", admin.PeoplePath, res.status, res.header.Get("Location"))
	}
	if _, err := persistence.NewOperatorRoster(e.table).Get(context.Background(), stranger); err == nil {
		t.Error("a post without a session added a person")
	}
}
