package admin_test

import (
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/actors/projection/crm/crmtest"
	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/internal/browsertest"
)

// On a 390 px phone the owner types a stage ID, asks the CRM, reads what
// is missing, saves, and sees the version; nothing scrolls sideways and
// axe finds no serious problem on any of these pages.
func TestCRMPageAt390px(t *testing.T) {
	chromium := browsertest.Chromium(t)
	axe := browsertest.AxeSource(t)
	srv := crmtest.New(t)
	srv.Pipeline("p1", "appointmentscheduled", "qualifiedtobuy", "cadastro_completo", "em_atendimento", "encerrado")
	f, mapping, _ := crmFixture(t, srv)
	base := serve(t, f)

	b := browsertest.New(t, chromium)
	b.Step("open the CRM page at 390 px",
		chromedp.EmulateViewport(390, 800),
		chromedp.Navigate(base+admin.CRMPath),
		chromedp.WaitVisible(chromedp.CSS("#crm-form")),
		browsertest.Expect(`document.querySelector("label[for=stage_novo]").textContent`, "Novo contato"),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	b.Step("check a typed ID in the CRM",
		chromedp.SetValue(chromedp.CSS("#stage_qualificado"), "qualifiedtobuy"),
		chromedp.SetValue(chromedp.CSS("#stage_cadastro_completo"), "um-id-muito-longo-que-o-dono-copiou-do-crm-sem-espacos-0123456789"),
		chromedp.Click(chromedp.CSS(`button[formaction]`)),
		chromedp.WaitVisible(chromedp.CSS("#crm-check")),
		browsertest.Expect(`document.querySelector("#crm-check").textContent.includes("Cadastro completo: a etapa")`, true),
		browsertest.Expect(`document.querySelector("#crm-check").textContent.includes("A propriedade «intake_session_id» não existe")`, true),
		browsertest.Expect(`document.querySelector("#stage_qualificado").value`, "qualifiedtobuy"),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	b.Step("save it",
		chromedp.Evaluate[chromedp.Void](`document.querySelector("#stage_cadastro_completo").value = ""`),
		chromedp.Click(chromedp.CSS(`#crm-form button:not([formaction])`)),
		chromedp.WaitVisible(chromedp.CSS("#crm-flash")),
		browsertest.Expect(`document.querySelector("ol.history li").textContent.includes("Versão 1")`, true),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	if m := mapping.Get(); m.Stages["qualificado"] != "qualifiedtobuy" {
		t.Errorf("after the save the CRM client sends with %+v", m)
	}
}
