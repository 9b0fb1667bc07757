package admin_test

import (
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/internal/browsertest"
)

// On a 390 px phone the owner adds a service with the catalogue's form,
// then edits a knowledge package and previews it; no page scrolls
// sideways and axe-core finds nothing serious on any of them.
func TestContentPagesAt390px(t *testing.T) {
	chromium := browsertest.Chromium(t)
	axe := browsertest.AxeSource(t)
	f := newFixture(t, admin.Config{})
	base := serve(t, f)

	b := browsertest.New(t, chromium)
	b.Step("open the catalogue at 390 px",
		chromedp.EmulateViewport(390, 800),
		chromedp.Navigate(base+admin.CataloguePath),
		chromedp.WaitVisible(chromedp.CSS("#service-new")),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	b.Step("add a service",
		chromedp.SendKeys(chromedp.CSS("#new-name"), "Auditoria de Lojas"),
		chromedp.SetValue(chromedp.CSS("#new-segment"), "consultoria"),
		chromedp.SendKeys(chromedp.CSS("#new-aliases"), "auditoria, auditoria de varejo"),
		chromedp.Click(chromedp.CSS(`#service-new input[value="precos-prazos"]`)),
		chromedp.Click(chromedp.CSS(`#service-new button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS("#catalogue-flash")),
		browsertest.Expect(`document.querySelector("#catalogue-flash").textContent.includes("Serviço adicionado")`, true),
		browsertest.Expect(`[...document.querySelectorAll("ul.people input[name=name]")].some((i) => i.value === "Auditoria de Lojas")`, true),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	b.Step("see a refusal on the card, the typed values kept",
		chromedp.SendKeys(chromedp.CSS("#new-name"), "Outra Auditoria"),
		chromedp.SendKeys(chromedp.CSS("#new-aliases"), "auditoria"),
		chromedp.Click(chromedp.CSS(`#service-new button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS("#service-new .error")),
		browsertest.Expect(`document.querySelector("#service-new .error").textContent.includes("identifica dois serviços")`, true),
		browsertest.Expect(`document.querySelector("#new-name").value`, "Outra Auditoria"),
		browsertest.Expect(fits, true),
	)
	b.Step("open the knowledge packages",
		chromedp.Navigate(base+admin.KnowledgePath),
		chromedp.WaitVisible(chromedp.CSS("#package-id")),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	b.Step("preview a package's edit",
		chromedp.Navigate(base+admin.KnowledgePath+"/empresa"),
		chromedp.WaitVisible(chromedp.CSS("#package-text")),
		chromedp.SetValue(chromedp.CSS("#package-text"), "# Empresa\n\n**Desde 1990**, em todo o Brasil."),
		chromedp.Click(chromedp.CSS(`button[name=preview]`)),
		chromedp.WaitVisible(chromedp.CSS("#package-preview strong")),
		browsertest.Expect(`document.querySelector("#package-preview strong").textContent`, "Desde 1990"),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	if s, ok := f.content.Catalogue().Service("auditoria de varejo"); !ok || s.Segment != "consultoria" || len(s.Packages) != 1 {
		t.Errorf("catalogue serves %+v, %v; want the service added", s, ok)
	}
}
