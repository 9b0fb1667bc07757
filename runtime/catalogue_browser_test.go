package runtime_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/internal/browsertest"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/internal/llmtest"
)

// The owner runs the catalogue from /admin (issue 31's acceptance): an
// admin from ADMIN_PHONES logs in with the code the platform delivered to
// their WhatsApp, adds a service with the catalogue's form, and the next
// customer turn's model request offers it, in headless Chromium against
// the whole application with the development gate off.
func TestOwnerAddsAServiceAndTheNextTurnOffersIt(t *testing.T) {
	leaktest.Check(t)
	const owner, customer, service = "+5511988880009", "+5511988884444", "Auditoria de Lojas Premium"
	platform := newConsolePlatform(t)
	model := llmtest.NewServer(t, llmtest.AnswerWith("Olá! Em que posso ajudar?"))
	// The console's application, with this test's model (it records the
	// instructions) and the owner from ADMIN_PHONES.
	app := consoleApp(t, platform, nil, map[string]string{
		"DEV_UI_ENABLED": "false", "LLM_BASE_URL": model.URL + "/v1", "ADMIN_PHONES": owner,
	})
	base := consoleServe(t, app)

	consoleChat(t, app, customer, "Oi, bom dia")
	if before := model.Instructions(); len(before) != 1 || strings.Contains(before[0], service) {
		t.Fatalf("before the edit the model was asked %d times, offering the service: %v", len(before), len(before) == 1)
	}

	b := browsertest.New(t, browsertest.Chromium(t))
	adminLogIn(t, b.Step, platform, base, "(11) 98888-0009", owner)
	b.Step("add a service with the catalogue's form",
		chromedp.Navigate(base+"/admin/settings/catalogue"),
		chromedp.WaitVisible(chromedp.CSS("#new-name")),
		chromedp.SendKeys(chromedp.CSS("#new-name"), service),
		chromedp.SetValue(chromedp.CSS("#new-segment"), "consultoria"),
		chromedp.SendKeys(chromedp.CSS("#new-aliases"), "auditoria de varejo"),
		chromedp.Click(chromedp.CSS(`#service-new input[value="precos-prazos"]`)),
		chromedp.Click(chromedp.CSS(`#service-new button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS("#catalogue-flash")),
		browsertest.Expect(`document.querySelector("#catalogue-flash").textContent.includes("Serviço adicionado")`, true),
	)

	consoleChat(t, app, customer, "Vocês fazem auditoria de varejo?")
	after := model.Instructions()
	if len(after) != 2 || !strings.Contains(after[1], "- "+service+" (segmento consultoria)") || !strings.Contains(after[1], "auditoria de varejo") {
		t.Fatalf("the turn after the edit asked the model %d times; its instructions do not offer %q", len(after), service)
	}
}
