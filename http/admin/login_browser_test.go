package admin_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/internal/browsertest"
	"github.com/intake-runtime/intake/persistence"
)

// On a 390 px phone an admin of the roster asks for a code, types the one
// the platform delivered, and runs the people page: makes an operator an
// admin. Every page on the way fits the screen and passes axe-core.
func TestAdminLoginAndPeopleAt390px(t *testing.T) {
	chromium := browsertest.Chromium(t)
	axe := browsertest.AxeSource(t)
	// The browser keeps the session cookie only until its Expires, so the
	// handler runs on the real clock here.
	sender := messaging.NewStub(nil)
	e := &loginEnv{fixture: newFixture(t, admin.Config{Sender: sender, Now: time.Now}), sender: sender}
	t.Cleanup(e.handler.Close)
	e.putOperator(persistence.OperatorRecord{Phone: owner, Name: "Dona", Role: persistence.RoleAdmin, UpdatedAt: now})
	e.putOperator(persistence.OperatorRecord{Phone: "+5521977776666", Name: "Bruno", UpdatedAt: now})
	base := serve(t, e.fixture)

	b := browsertest.New(t, chromium)
	b.Step("open the login at 390 px",
		chromedp.EmulateViewport(390, 800),
		chromedp.Navigate(base+"/admin"),
		chromedp.WaitVisible(chromedp.CSS("#phone")),
		browsertest.Expect(`location.pathname`, admin.LoginPath),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	b.Step("ask for a code with the number typed the local way",
		chromedp.SendKeys(chromedp.CSS("#phone"), ownerTyped),
		chromedp.Click(chromedp.CSS("#send-code")),
		chromedp.WaitVisible(chromedp.CSS("#code")),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	e.handler.Close() // the code is delivered
	var code string
	for _, s := range e.sender.Sends() {
		if m := codeIn.FindStringSubmatch(s.Text); m != nil {
			code = m[1]
		}
	}
	if code == "" {
		t.Fatal("no code delivered")
	}
	card := `li[id="person-+5521977776666"]`
	b.Step("type the code and open the people page",
		chromedp.SendKeys(chromedp.CSS("#code"), code),
		chromedp.Click(chromedp.CSS("#verify")),
		chromedp.WaitVisible(chromedp.CSS(`header a[href="/admin"].here`)),
		chromedp.Navigate(base+admin.PeoplePath),
		chromedp.WaitVisible(chromedp.CSS("ul.people")),
		browsertest.Expect(`document.querySelector('`+card+` .role').textContent`, "Atendente"),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	b.Step("make Bruno an admin",
		chromedp.SetValue(chromedp.CSS(card+` select[name=role]`), "admin"),
		chromedp.Click(chromedp.CSS(card+` form.person button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS("#people-flash")),
		browsertest.Expect(`document.querySelector('`+card+` .role').textContent`, "Administrador"),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	if o := e.operator("+5521977776666"); o.Role != persistence.RoleAdmin {
		t.Errorf("Bruno is %+v, want an admin", o)
	}
}
