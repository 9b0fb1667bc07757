package runtime_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/internal/browsertest"
	"github.com/intake-runtime/intake/internal/leaktest"
)

// instructionsModel stands in for the model provider (Responses API): it
// records the instructions of every request and answers each with a reply
// that keeps the conversation going.
type instructionsModel struct {
	*httptest.Server
	mu   sync.Mutex
	seen []string
}

func newInstructionsModel(t *testing.T) *instructionsModel {
	t.Helper()
	m := &instructionsModel{}
	m.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var req struct {
			Instructions string `json:"instructions"`
		}
		_ = json.Unmarshal(raw, &req)
		m.mu.Lock()
		m.seen = append(m.seen, req.Instructions)
		n := len(m.seen)
		m.mu.Unlock()
		text, _ := json.Marshal(`{"s":0,"qualification_data":{}} Olá! Em que posso ajudar?`)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"id":"resp_%d","object":"response","status":"completed","model":"test-model",`+
			`"output":[{"type":"message","role":"assistant","content":[{"type":"output_text","text":%s}]}],`+
			`"usage":{"input_tokens":12,"output_tokens":7,"total_tokens":19}}`, n, text)
	}))
	t.Cleanup(m.Close)
	return m
}

// instructions returns the instructions of every request so far.
func (m *instructionsModel) instructions() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.seen...)
}

// The owner runs the catalogue from /admin (issue 31's acceptance): an
// admin from ADMIN_PHONES logs in with the code the platform delivered to
// their WhatsApp, adds a service with the catalogue's form, and the next
// customer turn's model request offers it, in headless Chromium against
// the whole application with the development gate off.
func TestOwnerAddsAServiceAndTheNextTurnOffersIt(t *testing.T) {
	leaktest.Check(t)
	const owner, customer, service = "+5511988880009", "+5511988884444", "Auditoria de Lojas Premium"
	platform := newConsolePlatform(t)
	model := newInstructionsModel(t)
	// The console's application, with this test's model (it records the
	// instructions) and the owner from ADMIN_PHONES.
	app := consoleApp(t, platform, nil, map[string]string{
		"DEV_UI_ENABLED": "false", "LLM_BASE_URL": model.URL + "/v1", "ADMIN_PHONES": owner,
	})
	base := consoleServe(t, app)

	consoleChat(t, app, customer, "Oi, bom dia")
	if before := model.instructions(); len(before) != 1 || strings.Contains(before[0], service) {
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
	after := model.instructions()
	if len(after) != 2 || !strings.Contains(after[1], "- "+service+" (segmento consultoria)") || !strings.Contains(after[1], "auditoria de varejo") {
		t.Fatalf("the turn after the edit asked the model %d times; its instructions do not offer %q", len(after), service)
	}
}
