package admin_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/settings"
)

// ownerFixture is an admin handler whose settings include the business and
// its hours, applied to holders as runtime wires them; seed is
// BUSINESS_HOURS.
type ownerFixture struct {
	*fixture
	live     *settings.Live
	hours    *businesshours.Live
	business *conversation.Business
}

func newOwnerFixture(t *testing.T, seed string) *ownerFixture {
	t.Helper()
	table := memory.New(memory.WithClock(func() time.Time { return now }))
	return newOwnerFixtureOn(t, seed, table)
}

func newOwnerFixtureOn(t *testing.T, seed string, table *memory.Table) *ownerFixture {
	t.Helper()
	zone, _ := time.LoadLocation("America/Sao_Paulo")
	week, err := businesshours.Parse(seed, zone)
	if err != nil {
		t.Fatal(err)
	}
	o := &ownerFixture{hours: businesshours.NewLive(businesshours.Schedule{Hours: week}), business: conversation.NewBusiness()}
	live := settings.New(persistence.NewVersions(table), func() time.Time { return now }, zap.NewNop())
	admin.RegisterBusinessSettings(live, o.business, o.hours, zone)
	if err := live.Load(context.Background()); err != nil {
		t.Fatal(err)
	}
	o.live = live
	o.fixture = newFixtureOn(t, admin.Config{Settings: live, Hours: o.hours, Business: o.business}, table)
	return o
}

func TestBusinessPageSavesAndRestores(t *testing.T) {
	f := newOwnerFixture(t, "")
	status, body := f.do("GET", admin.BusinessPath, "", nil)
	if status != 200 || !strings.Contains(body, conversation.DefaultGreeting) || !strings.Contains(body, conversation.DefaultFarewell) ||
		!strings.Contains(body, "Ainda sem versões salvas") {
		t.Fatalf("seeded page = %d\n%s", status, body)
	}

	form := url.Values{"name": {"Padaria Pão Quente"}, "greeting": {"Bom dia! Aqui é a Padaria."}, "farewell": {"Volte sempre!"}}
	res := f.request("POST", admin.BusinessPath, form, sameOrigin)
	if res.status != 303 || res.header.Get("Location") != admin.BusinessPath+"?done=saved" {
		t.Fatalf("save = %d %q", res.status, res.header.Get("Location"))
	}
	if got := f.business.Current(); got.Name != "Padaria Pão Quente" || got.Greeting != "Bom dia! Aqui é a Padaria." || got.Farewell != "Volte sempre!" {
		t.Errorf("in force after the save: %+v", got)
	}
	_, body = f.do("GET", admin.BusinessPath+"?done=saved", "", nil)
	for _, want := range []string{"Salvo: já está valendo.", `value="Padaria Pão Quente"`, "Versão 1", "em uso"} {
		if !strings.Contains(body, want) {
			t.Errorf("page after the save lacks %q", want)
		}
	}

	form.Set("name", "Padaria Nova")
	f.request("POST", admin.BusinessPath, form, sameOrigin)
	res = f.request("POST", admin.BusinessPath+"/restore", url.Values{"version": {"1"}}, sameOrigin)
	if res.status != 303 || f.business.Current().Name != "Padaria Pão Quente" {
		t.Errorf("restore = %d, name in force %q", res.status, f.business.Current().Name)
	}

	// Another node, or this one after a restart, applies what was saved.
	restarted := newOwnerFixtureOn(t, "", f.table)
	if got := restarted.business.Current().Name; got != "Padaria Pão Quente" {
		t.Errorf("after a restart the name is %q", got)
	}
}

func TestBusinessPageRefusesWithTheTypedValues(t *testing.T) {
	f := newOwnerFixture(t, "")
	long := strings.Repeat("a", 81)
	res := f.request("POST", admin.BusinessPath, url.Values{"name": {long}, "greeting": {"Oi, tudo bem?"}, "farewell": {"Tchau"}}, sameOrigin)
	if res.status != 422 {
		t.Fatalf("save of a long name = %d", res.status)
	}
	for _, want := range []string{"o nome passa de 80 caracteres", `value="` + long + `"`, "Oi, tudo bem?", "Tchau"} {
		if !strings.Contains(res.body, want) {
			t.Errorf("refusal page lacks %q", want)
		}
	}
	if f.business.Current().Greeting != conversation.DefaultGreeting {
		t.Error("a refused save changed the business in force")
	}
}

// The business and hours documents refuse, with a reason in Portuguese,
// what they cannot apply.
func TestSettingsChecksRefuse(t *testing.T) {
	f := newOwnerFixture(t, "mon-fri 08:00-18:00")
	for _, c := range []struct{ doc, text, reason string }{
		{admin.BusinessDoc, `{"name":`, "não é um JSON válido"},
		{admin.BusinessDoc, `{"name": "Padaria\nPão"}`, "numa linha"},
		{admin.BusinessDoc, `{"farewell": "` + strings.Repeat("x", 1001) + `"}`, "a despedida passa de 1000"},
		{admin.HoursDoc, `{"week": "mon-fri 08:00-18:00", "after_hours": "Voltamos logo."}`, "precisa conter {quando}"},
		{admin.HoursDoc, `{"week": "seg 08:00-18:00", "after_hours": "{quando}"}`, "o horário semanal não pôde ser lido"},
		{admin.HoursDoc, `{"week": "mon 08:00-18:00", "holidays": [{"date": "25/12/2026"}], "after_hours": "{quando}"}`, "um feriado não tem uma data válida"},
		{admin.HoursDoc, `[]`, "não é um JSON válido"},
	} {
		_, err := f.live.Save(context.Background(), c.doc, c.text, "test")
		if err == nil || !strings.Contains(err.Error(), c.reason) {
			t.Errorf("%s %.40q: %v, want a refusal saying %q", c.doc, c.text, err, c.reason)
		}
	}
	if f.hours.Hours().Always() {
		t.Error("refusals changed the hours in force")
	}
}

func TestBusinessAndHoursPagesRefuseCrossOriginPosts(t *testing.T) {
	f := newOwnerFixture(t, "")
	evil := map[string]string{"Origin": "https://evil.example"}
	for _, target := range []string{admin.BusinessPath, admin.BusinessPath + "/restore", admin.HoursPath, admin.HoursPath + "/restore"} {
		if res := f.request("POST", target, url.Values{"name": {"x"}, "version": {"1"}}, evil); res.status != 403 {
			t.Errorf("cross-origin POST %s = %d, want 403", target, res.status)
		}
	}
	if f.business.Current().Name != "" {
		t.Error("a cross-origin post changed the business")
	}
}
