package runtime_test

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/browsertest"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence"
)

// consoleClosedSession stores a closed conversation of phone whose customer
// gave document and name, created at at, through the session repository
// (as a turn that collects the data writes it).
func consoleClosedSession(t *testing.T, table persistence.Table, phone, id string, at time.Time, document, name string) {
	t.Helper()
	s := domain.NewSession(id, phone, "instance_a", at)
	s.State, s.ClosedAt = domain.StateClosed, &at
	s.ServiceIdentified = "Energia solar"
	s.CadastralData = map[string]any{"cpf_cnpj": document, "nome": name}
	if _, err := persistence.NewSessions(table).Create(context.Background(), s); err != nil {
		t.Fatal(err)
	}
}

// The conversations page finds a closed conversation by the customer's CPF
// (typed with its punctuation), and the conversation page shows the
// customer panel with the collected data and the customer's other
// conversation; both pages pass axe-core.
func TestConsoleHistorySearchInTheBrowser(t *testing.T) {
	leaktest.Check(t)
	axe := browsertest.AxeSource(t)
	const operator, customer, other = "+5511400000001", "+5511977776666", "+5511977775555"
	b, app, _, base := consoleLive(t, operator, nil)
	now := time.Now().UTC()
	consoleClosedSession(t, app.Table(), customer, "closed-old", now.Add(-72*time.Hour), "529.982.247-25", "Beatriz Nunes")
	consoleClosedSession(t, app.Table(), customer, "closed-new", now.Add(-24*time.Hour), "529.982.247-25", "Beatriz Nunes")
	consoleClosedSession(t, app.Table(), other, "closed-other", now.Add(-2*time.Hour), "111.444.777-35", "Carlos Dias")

	b.Step("open the closed conversations",
		chromedp.Navigate(base+"/atendimento"),
		chromedp.Click(chromedp.CSS(`header a[href="/atendimento/conversations"]`)),
		chromedp.WaitVisible(chromedp.CSS("#history-search")),
		chromedp.Click(chromedp.CSS("#tab-closed")),
		chromedp.WaitVisible(chromedp.CSS(`#conversation-rows tr[data-session-id="closed-other"]`)),
		browsertest.Expect(`document.querySelector("#tab-closed").getAttribute("aria-current")`, "page"),
		browsertest.Axe(axe),
	)
	b.Step("search by CPF",
		chromedp.SetValue(chromedp.CSS("#search-by"), "document"),
		chromedp.SendKeys(chromedp.CSS("#search-q"), "529.982.247-25"),
		chromedp.Click(chromedp.CSS("#search-go")),
		chromedp.WaitVisible(chromedp.CSS("#search-results")),
		browsertest.Expect(`[...document.querySelectorAll("#conversation-rows tr")].map((r) => r.dataset.sessionId).join(",")`, "closed-new,closed-old"),
		browsertest.WaitForText(`#conversation-rows tr[data-session-id="closed-new"] td strong`, "Beatriz Nunes"),
	)
	b.Step("open the conversation found and read the customer panel",
		chromedp.Click(chromedp.CSS(`#conversation-rows tr[data-session-id="closed-new"] a.open`)),
		chromedp.WaitVisible(chromedp.CSS("#panel")),
		browsertest.WaitForText("#panel-cadastral", "529.982.247-25"),
		browsertest.Expect(`document.querySelector('#earlier tr[data-session-id="closed-old"] a.open').getAttribute("href")`,
			"/atendimento/conversations/5511977776666/closed-old"),
		browsertest.Axe(axe),
	)
}
