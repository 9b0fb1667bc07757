package admin_test

import (
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/internal/browsertest"
)

// On a 390 px phone the owner edits the business and its hours: each page
// fits the screen, passes axe-core, and a save shows its flash and the
// version.
func TestBusinessAndHoursPagesAt390px(t *testing.T) {
	chromium := browsertest.Chromium(t)
	axe := browsertest.AxeSource(t)
	f := newOwnerFixture(t, "mon-fri 08:00-12:00 13:00-18:00; sat 08:00-12:00")
	base := serve(t, f.fixture)

	b := browsertest.New(t, chromium)
	b.Step("open the settings index",
		chromedp.EmulateViewport(390, 800),
		chromedp.Navigate(base+admin.SettingsPath),
		chromedp.WaitVisible(chromedp.CSS(`a[href="/admin/settings/hours"]`)),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	b.Step("save the business's name",
		chromedp.Navigate(base+admin.BusinessPath),
		chromedp.WaitVisible(chromedp.CSS("#business-name")),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
		chromedp.SendKeys(chromedp.CSS("#business-name"), "Padaria Pão Quente"),
		chromedp.Click(chromedp.CSS(`form.card button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS("#settings-flash")),
		browsertest.Expect(`document.querySelector("#business-name").value`, "Padaria Pão Quente"),
		browsertest.Expect(`document.querySelectorAll("ol.history > li").length`, 1),
		browsertest.Expect(fits, true),
	)
	b.Step("close saturday and add a holiday",
		chromedp.Navigate(base+admin.HoursPath),
		chromedp.WaitVisible(chromedp.CSS("#hours-status")),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
		chromedp.Click(chromedp.CSS(`input[name=open_6]`)),
		chromedp.SetValue(chromedp.CSS("#new-date"), "2025-04-21"),
		chromedp.SendKeys(chromedp.CSS("#new-label"), "Tiradentes"),
		chromedp.Click(chromedp.CSS(`form.hours button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS("#settings-flash")),
		browsertest.Expect(`document.querySelector("ul.holidays").textContent.includes("21 de abril de 2025, segunda-feira")`, true),
		browsertest.Expect(`document.querySelector("input[name=open_6]").checked`, false),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	if got := f.business.Current().Name; got != "Padaria Pão Quente" {
		t.Errorf("business name in force %q", got)
	}
	if hs := f.hours.Hours().Holidays(); len(hs) != 1 || hs[0].Label != "Tiradentes" {
		t.Errorf("holidays in force %+v", hs)
	}
}
