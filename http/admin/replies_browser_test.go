package admin_test

import (
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/internal/browsertest"
)

// On a 390 px phone the owner adds a saved reply, adds a template with its
// language chosen in words, is told why a duplicate cannot be added, and
// removes the seed template; nothing scrolls sideways and axe finds no
// serious problem at any step.
func TestRepliesPageAt390px(t *testing.T) {
	chromium := browsertest.Chromium(t)
	axe := browsertest.AxeSource(t)
	f, list := repliesFixture(t)
	base := serve(t, f)

	b := browsertest.New(t, chromium)
	b.Step("open the replies page at 390 px",
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(base+admin.RepliesPath),
		chromedp.WaitVisible(chromedp.CSS("#add-reply")),
		browsertest.Expect(`document.querySelector("#template-0").textContent.includes("Português (Brasil) · 1 parâmetro")`, true),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	b.Step("add a saved reply",
		chromedp.SetValue(chromedp.CSS("#add-code"), "endereco"),
		chromedp.SetValue(chromedp.CSS("#add-text"), "Estamos na Rua das Laranjeiras, 1234, sala 56, Bairro Jardim das Flores Amarelas."),
		chromedp.Click(chromedp.CSS("#add-reply button")),
		chromedp.WaitVisible(chromedp.CSS("#replies-flash")),
		browsertest.Expect(`document.querySelector("#reply-endereco strong").textContent`, "/endereco"),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	b.Step("add a template in Spanish",
		chromedp.SetValue(chromedp.CSS("#add-name"), "confirmacao_de_agendamento_com_lembrete_do_endereco"),
		chromedp.SetValue(chromedp.CSS("#add-language"), "es"),
		chromedp.SetValue(chromedp.CSS("#add-body"), "Hola {{1}}, su cita es el {{2}}."),
		chromedp.Click(chromedp.CSS("#add-template button")),
		chromedp.WaitVisible(chromedp.CSS("#template-1")),
		browsertest.Expect(`document.querySelector("#template-1").textContent.includes("Espanhol · 2 parâmetros")`, true),
		browsertest.Expect(`document.querySelector("ol.history li").textContent.includes("Versão 1")`, true),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	b.Step("be told a template is listed already",
		chromedp.SetValue(chromedp.CSS("#add-name"), "retomar_contato"),
		chromedp.SetValue(chromedp.CSS("#add-language"), "pt_BR"),
		chromedp.Click(chromedp.CSS("#add-template button")),
		chromedp.WaitVisible(chromedp.CSS("#replies-error")),
		browsertest.Expect(`document.querySelector("#replies-error").textContent.includes("já está na lista")`, true),
		browsertest.Expect(`document.querySelector("#add-name").value`, "retomar_contato"),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	b.Step("remove the seed template",
		chromedp.Click(chromedp.CSS("#template-0 form.inline button")),
		chromedp.WaitVisible(chromedp.CSS("#replies-flash")),
		browsertest.Expect(`document.querySelectorAll("#templates > li").length`, 1),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	if got := list.List(); len(got) != 1 || got[0].Language != "es" {
		t.Errorf("after the steps the console offers %+v", got)
	}
}
