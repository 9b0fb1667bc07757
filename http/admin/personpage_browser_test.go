package admin_test

import (
	"context"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/internal/browsertest"
	"github.com/intake-runtime/intake/persistence/persistencetest"
)

// On a 390 px phone the owner types a customer's number the local way,
// sees what is held by kind, erases it behind a confirmation and reads the
// CRM/ERP records left to delete there; nothing scrolls sideways and axe
// finds nothing serious.
func TestPersonPageAt390px(t *testing.T) {
	chromium := browsertest.Chromium(t)
	axe := browsertest.AxeSource(t)
	f := newFixture(t, admin.Config{})
	if _, err := persistencetest.SeedPerson(context.Background(), f.table, "+5511988887777", "+551188887777", "52998224725", 4, now); err != nil {
		t.Fatal(err)
	}
	base := serve(t, f)

	b := browsertest.New(t, chromium)
	b.Step("look the number up",
		chromedp.EmulateViewport(390, 800),
		chromedp.Navigate(base+admin.PersonPath),
		chromedp.SendKeys(chromedp.CSS("#person-phone"), "(11) 8888-7777"),
		chromedp.Submit(chromedp.CSS("#person-phone")),
		chromedp.WaitVisible(chromedp.CSS("#person-kinds")),
		browsertest.Expect(`document.querySelector("#person-kinds").textContent.includes("Mensagens")`, true),
		browsertest.Expect(`document.querySelector("#person-download").getAttribute("href").includes("export")`, true),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	b.Step("erase after confirming",
		chromedp.Click(chromedp.CSS(`#person-erase input[name=confirm]`)),
		chromedp.Click(chromedp.CSS(`#person-erase button`)),
		chromedp.WaitVisible(chromedp.CSS("#person-erased")),
		browsertest.Expect(`document.querySelector("#person-erased").textContent.includes("deal-78")`, true),
		browsertest.Expect(`document.querySelector("#person-none") !== null`, true),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
}
