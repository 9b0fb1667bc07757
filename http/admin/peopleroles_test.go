package admin_test

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/persistence"
)

// Each card says the person's role in words and their availability as they
// set it in the console; the add form offers the roles.
func TestPeoplePageShowsRolesAndAvailability(t *testing.T) {
	f := newFixture(t, admin.Config{})
	f.putOperator(persistence.OperatorRecord{Phone: "+5511988887777", Name: "Dona", Role: persistence.RoleAdmin, UpdatedAt: now})
	f.putOperator(persistence.OperatorRecord{Phone: "+5521977776666", Name: "Bruno", UpdatedAt: now})
	if err := persistence.NewAvailabilities(f.table).Set(context.Background(), persistence.Availability{Operator: "+5521977776666", Away: true, At: now}); err != nil {
		t.Fatal(err)
	}
	_, body := f.do("GET", admin.PeoplePath, "", nil)
	for _, card := range []struct{ id, role, availability string }{
		{"person-&#43;5511988887777", "Administrador", "Disponível"},
		{"person-&#43;5521977776666", "Atendente", "Ausente"},
	} {
		start := strings.Index(body, `id="`+card.id+`"`)
		if start < 0 {
			t.Fatalf("no card %s", card.id)
		}
		li := body[start : start+strings.Index(body[start:], "</li>")]
		for _, want := range []string{`<span class="role">` + card.role + "</span>", `<span class="availability">` + card.availability} {
			if !strings.Contains(li, want) {
				t.Errorf("card %s lacks %q:\n%s", card.id, want, li)
			}
		}
	}
	for _, want := range []string{`<option value="operator" selected>Atendente</option>`, `<option value="admin">Administrador</option>`, "Administradores também atendem"} {
		if !strings.Contains(body, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	for _, code := range []string{">operator<", ">admin<"} {
		if strings.Contains(body, code) {
			t.Errorf("page shows the code %q", code)
		}
	}
}

// The owner adds an admin and changes roles in the cards; the roster
// keeps at least one enabled admin, refusing in pt-BR to disable or demote
// the last one, and a role that is none is refused.
func TestPeoplePageRoles(t *testing.T) {
	const dona, bruno = "+5511988887777", "+5521977776666"
	f := newFixture(t, admin.Config{})
	f.putOperator(persistence.OperatorRecord{Phone: dona, Name: "Dona", Role: persistence.RoleAdmin, UpdatedAt: now})
	card := func(phone string) string { return admin.PeoplePath + "/" + url.PathEscape(phone) }
	const last = "É preciso manter pelo menos um administrador ativo."
	for _, step := range []struct {
		name, target string
		form         url.Values
		status       int
		text         string
		roles        map[string]persistence.Role
	}{
		{"demote the only admin", card(dona), url.Values{"name": {"Dona"}, "role": {"operator"}}, 422, last,
			map[string]persistence.Role{dona: persistence.RoleAdmin}},
		{"disable the only admin", card(dona), url.Values{"disabled": {"true"}}, 422, last,
			map[string]persistence.Role{dona: persistence.RoleAdmin}},
		{"a role that is none", admin.PeoplePath, url.Values{"phone": {"(21) 97777-6666"}, "name": {"Bruno"}, "role": {"owner"}}, 422,
			"Escolha a função: Atendente ou Administrador.", map[string]persistence.Role{dona: persistence.RoleAdmin}},
		{"add an admin", admin.PeoplePath, url.Values{"phone": {"(21) 97777-6666"}, "name": {"Bruno"}, "role": {"admin"}}, 303, "",
			map[string]persistence.Role{dona: persistence.RoleAdmin, bruno: persistence.RoleAdmin}},
		{"demote one of two", card(dona), url.Values{"name": {"Dona"}, "role": {"operator"}}, 303, "",
			map[string]persistence.Role{dona: persistence.RoleOperator, bruno: persistence.RoleAdmin}},
		{"rename without a role keeps it", card(bruno), url.Values{"name": {"Bruno Lima"}}, 303, "",
			map[string]persistence.Role{dona: persistence.RoleOperator, bruno: persistence.RoleAdmin}},
		{"disable the last again", card(bruno), url.Values{"disabled": {"true"}}, 422, last,
			map[string]persistence.Role{bruno: persistence.RoleAdmin}},
		{"promote back", card(dona), url.Values{"name": {"Dona"}, "role": {"admin"}}, 303, "",
			map[string]persistence.Role{dona: persistence.RoleAdmin, bruno: persistence.RoleAdmin}},
	} {
		res := f.request("POST", step.target, step.form, sameOrigin)
		if res.status != step.status || !strings.Contains(res.body, step.text) {
			t.Errorf("%s: POST %s = %d, want %d with %q:\n%s", step.name, step.target, res.status, step.status, step.text, res.body)
		}
		if step.status == 422 && !strings.Contains(res.body, `role="alert"`) {
			t.Errorf("%s: the refusal is not announced", step.name)
		}
		for phone, role := range step.roles {
			if o := f.operator(phone); o.Role != role || o.Disabled {
				t.Errorf("%s: %s is %+v, want enabled, role %s", step.name, phone, o, role)
			}
		}
	}
}

// Another site's page cannot change a role.
func TestPeopleRoleChangeRefusesCrossOrigin(t *testing.T) {
	f := newFixture(t, admin.Config{})
	f.putOperator(persistence.OperatorRecord{Phone: "+5511988887777", Name: "Ana", UpdatedAt: now})
	evil := map[string]string{"Origin": "https://evil.example"}
	if status, _ := f.postForm(admin.PeoplePath+"/%2B5511988887777", url.Values{"name": {"Ana"}, "role": {"admin"}}, evil); status != 403 {
		t.Errorf("cross-origin role change = %d, want 403", status)
	}
	if o := f.operator("+5511988887777"); o.Role == persistence.RoleAdmin {
		t.Error("a cross-origin post made Ana an admin")
	}
}
