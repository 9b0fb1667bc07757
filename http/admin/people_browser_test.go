package admin_test

import (
	"net"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/internal/browsertest"
	"github.com/intake-runtime/intake/persistence"
)

// fits is true when nothing on the page is wider than the screen.
const fits = `document.documentElement.scrollWidth <= window.innerWidth`

// On a 390 px phone the owner reads the roster, adds a person with the
// number typed the local way, and disables them; no step of it scrolls
// sideways.
func TestPeoplePageAt390px(t *testing.T) {
	chromium := browsertest.Chromium(t)
	f := newFixture(t, admin.Config{})
	f.putOperator(persistence.OperatorRecord{Phone: "+5511988887777", Name: "Maria Aparecida dos Santos Oliveira Cavalcanti", Signature: true, UpdatedAt: now})
	f.putOperator(persistence.OperatorRecord{Phone: "+14155550100", Disabled: true, UpdatedAt: now})
	base := serve(t, f)

	b := browsertest.New(t, chromium)
	b.Step("open the people page at 390 px",
		chromedp.EmulateViewport(390, 800),
		chromedp.Navigate(base+admin.PeoplePath),
		chromedp.WaitVisible(chromedp.CSS("ul.people")),
		browsertest.Expect(`document.querySelectorAll("ul.people > li").length`, 2),
		browsertest.Expect(fits, true),
	)
	b.Step("add a person typed the local way",
		chromedp.SendKeys(chromedp.CSS("#add-phone"), "(21) 97777-6666"),
		chromedp.SendKeys(chromedp.CSS("#add-name"), "Bruno"),
		chromedp.Click(chromedp.CSS(`form.card button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS("#people-flash")),
		browsertest.Expect(`document.querySelector("#people-flash").textContent.includes("(21) 97777-6666 foi adicionado(a).")`, true),
		browsertest.Expect(`document.querySelectorAll("ul.people > li").length`, 3),
		browsertest.Expect(fits, true),
	)
	card := `li[id="person-+5521977776666"]`
	b.Step("disable them",
		// The flash of the add goes first, so the wait is for the new page's.
		chromedp.Evaluate[chromedp.Void](`document.querySelector("#people-flash").remove()`),
		chromedp.Click(chromedp.CSS(card+` button.secondary`)),
		chromedp.WaitVisible(chromedp.CSS("#people-flash")),
		browsertest.Expect(`document.querySelector("#people-flash").textContent.includes("(21) 97777-6666 foi desativado(a).")`, true),
		browsertest.Expect(`document.querySelector('`+card+` .badge').textContent`, "Desativado"),
	)
	b.Step("see a refusal in pt-BR, the typed number kept",
		chromedp.SendKeys(chromedp.CSS("#add-phone"), "97777-6666"),
		chromedp.SendKeys(chromedp.CSS("#add-name"), "Sem DDD"),
		chromedp.Click(chromedp.CSS(`form.card button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS("#people-error")),
		browsertest.Expect(`document.querySelector("#people-error").textContent.includes("Número inválido")`, true),
		browsertest.Expect(`document.querySelector("#add-phone").value`, "97777-6666"),
		browsertest.Expect(fits, true),
	)
	if o := f.operator("+5521977776666"); o.Name != "Bruno" || !o.Disabled {
		t.Errorf("roster has %+v, want Bruno, disabled", o)
	}
}

// serve runs the fixture's app on a loopback port until the test ends and
// returns its base URL.
func serve(t *testing.T, f *fixture) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- f.app.Listener(ln) }()
	t.Cleanup(func() {
		if err := f.app.Shutdown(); err != nil {
			t.Error(err)
		}
		if err := <-done; err != nil && !strings.Contains(err.Error(), "closed") {
			t.Error(err)
		}
	})
	return "http://" + ln.Addr().String()
}
