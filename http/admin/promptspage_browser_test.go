package admin_test

import (
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/internal/browsertest"
)

// On a 390 px phone the owner opens an agent from the prompts page, sees a
// refusal when the text carries a JSON example of its own, and saves a
// rewrite; the protected part stays readable and nothing scrolls sideways.
func TestPromptsPageAt390px(t *testing.T) {
	chromium := browsertest.Chromium(t)
	axe := browsertest.AxeSource(t)
	f := newFixture(t, admin.Config{})
	base := serve(t, f)

	b := browsertest.New(t, chromium)
	b.Step("open the prompts page at 390 px",
		chromedp.EmulateViewport(390, 800),
		chromedp.Navigate(base+admin.PromptsPath),
		chromedp.WaitVisible(chromedp.CSS("ul.settings")),
		browsertest.Expect(`document.querySelectorAll("ul.settings > li").length`, 4),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	b.Step("open the triage editor",
		chromedp.Click(chromedp.CSS(`a[href="`+triagePage+`"]`)),
		chromedp.WaitVisible(chromedp.CSS("#prompt-text")),
		browsertest.Expect(`document.querySelector("#prompt-protocol").textContent.startsWith("## Formato da resposta")`, true),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	b.Step("see a refusal in pt-BR, the typed text kept",
		chromedp.SetValue(chromedp.CSS("#prompt-text"), "Seja breve.\n{\"s\": 0} Oi"),
		chromedp.Click(chromedp.CSS(`form.prompt button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS("#prompt-error")),
		browsertest.Expect(`document.querySelector("#prompt-error").textContent.includes("exemplo de resposta JSON")`, true),
		browsertest.Expect(`document.querySelector("#prompt-text").value.startsWith("Seja breve.")`, true),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	b.Step("save a rewrite",
		chromedp.SetValue(chromedp.CSS("#prompt-text"), "Você é a triagem da Padaria Sol."),
		chromedp.Click(chromedp.CSS(`form.prompt button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS("#settings-flash")),
		browsertest.Expect(`document.querySelectorAll("ol.history > li").length`, 1),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	if got := f.content.Prompt("TRIAGE"); got != running(f.content, "TRIAGE", "Você é a triagem da Padaria Sol.") {
		t.Errorf("the agent runs %.80q", got)
	}
}
