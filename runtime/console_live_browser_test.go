package runtime_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/browsertest"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/runtime"
)

// consoleLive starts the whole application (real session actors, memory
// table, fake messaging platform, development gate off) with operator
// allowed in and extra settings, serves it, and logs operator in from a
// fresh headless Chromium whose steps fail on any script error.
func consoleLive(t *testing.T, operator string, extra map[string]string) (*browsertest.Browser, *runtime.App, *consolePlatform, string) {
	t.Helper()
	platform := newConsolePlatform(t)
	env := map[string]string{"DEV_UI_ENABLED": "false"}
	for k, v := range extra {
		env[k] = v
	}
	app := consoleApp(t, platform, []string{operator}, env)
	base := consoleServe(t, app)
	b := browsertest.New(t, browsertest.Chromium(t))
	consoleLogIn(t, b.Step, platform, base, operator)
	return b, app, platform, base
}

// consoleRow selects the queue row of a session.
func consoleRow(sessionID string) string {
	return `#queue-rows tr[data-session-id="` + sessionID + `"]`
}

// The live inbox in a console left open: new handoffs appear without a
// reload, count in the tab's title and raise the alert the operator turned
// on (remembered across reloads), waits turn red past
// HANDOFF_SLA, the arrow keys move through the queue, a customer's new
// message shows as an unread badge until the operator opens the
// conversation, dates read the Brazilian way in America/Sao_Paulo, a long
// conversation keeps the reply box on the screen, Ctrl+Enter sends, and a
// closed conversation shows no open window.
func TestConsoleLiveInboxInTheBrowser(t *testing.T) {
	leaktest.Check(t)
	const operator, first, second = "+5511400000001", "+5511988881111", "+5511988882222"
	b, app, platform, base := consoleLive(t, operator, map[string]string{"HANDOFF_SLA": "2s"})

	// Alerts need a click (browsers allow notifications and sound only
	// after a gesture); the notifications are recorded by a stand-in, as
	// headless Chromium shows none.
	b.Step("turn the alerts on",
		chromedp.Evaluate[chromedp.Void](`window.__sameQueuePage = true; window.__notified = [];
			window.Notification = class { constructor(title, o) { window.__notified.push(title + " | " + o.body); } };
			window.Notification.permission = "granted";`),
		browsertest.Expect(`document.body.dataset.slaMs`, "2000"),
		chromedp.Click(chromedp.CSS("#alerts")),
		browsertest.Expect(`document.querySelector("#alerts").getAttribute("aria-pressed")`, "true"),
	)

	// Two customers ask for a person through the session actors, as the
	// webhook delivers them; the open queue shows them by itself.
	firstID := consoleHandOff(t, app, first)
	secondID := consoleHandOff(t, app, second)
	b.Step("see the new handoffs appear without a reload, with an alert",
		chromedp.WaitVisible(chromedp.CSS(consoleRow(firstID))),
		chromedp.WaitVisible(chromedp.CSS(consoleRow(secondID))),
		browsertest.Expect(`window.__sameQueuePage === true`, true),
		browsertest.WaitFor(`window.__notified.some((n) => n.includes("+5511988882222"))`),
		browsertest.WaitFor(`document.title.startsWith("(2) Fila de atendimento")`),
	)
	b.Step("see the waits turn red past HANDOFF_SLA",
		browsertest.WaitFor(`document.querySelector('`+consoleRow(firstID)+` td.waited.late') !== null`),
	)
	b.Step("move through the queue with the arrow keys",
		chromedp.Focus(chromedp.CSS(consoleRow(firstID)+" a.open")),
		chromedp.KeyEvent(kb.ArrowDown),
		browsertest.Expect(`document.activeElement.closest("tr").dataset.sessionId`, secondID),
	)

	// Claim the first: its conversation page dates the customer's message
	// as "23/11/2026 14:54" in São Paulo.
	b.Step("claim the first conversation",
		chromedp.Click(chromedp.CSS(consoleRow(firstID)+" button.claim")),
		chromedp.WaitVisible(chromedp.CSS("#reply")),
		browsertest.Expect(`document.documentElement.lang`, "pt-BR"),
	)
	history, err := persistence.NewMessages(app.Table()).List(context.Background(), first, firstID)
	if err != nil || len(history) == 0 {
		t.Fatalf("history of the first conversation: %d messages, %v", len(history), err)
	}
	zone, err := time.LoadLocation("America/Sao_Paulo")
	if err != nil {
		t.Fatal(err)
	}
	when := ""
	for _, m := range history {
		if m.Direction == domain.DirectionInbound && when == "" {
			when = m.Timestamp.In(zone).Format("02/01/2006 15:04")
		}
	}
	b.Step("read the customer's message dated in pt-BR",
		browsertest.WaitForText("#messages li.customer time", when),
	)

	// The customer writes again while the operator is on the queue: a
	// badge counts it until the conversation is opened.
	b.Step("go back to the queue", chromedp.Navigate(base+"/atendimento"), chromedp.WaitVisible(chromedp.CSS(consoleRow(firstID))))
	consoleChat(t, app, first, "Ainda estou aqui")
	b.Step("see the unread badge",
		browsertest.WaitForText(consoleRow(firstID)+" .badge", "1 não lida"),
		chromedp.Reload(),
		chromedp.WaitVisible(chromedp.CSS(consoleRow(firstID))),
		browsertest.Expect(`document.querySelector("#alerts").getAttribute("aria-pressed")`, "true"), // remembered
		chromedp.Click(chromedp.CSS(consoleRow(firstID)+" a.open")),
		chromedp.WaitVisible(chromedp.CSS("#reply")),
		browsertest.WaitForText("#messages", "Ainda estou aqui"),
		chromedp.Navigate(base+"/atendimento"),
		chromedp.WaitVisible(chromedp.CSS(consoleRow(firstID))),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('`+consoleRow(firstID)+`').__before = true`),
		browsertest.WaitFor(`!document.querySelector('`+consoleRow(firstID)+`').__before`),              // redrawn by a refresh
		browsertest.WaitFor(`document.querySelectorAll('`+consoleRow(firstID)+` .badge').length === 0`), // the open recorded the count seen
	)

	// A long conversation: the list scrolls, the reply box stays on the
	// screen, and Ctrl+Enter sends.
	messages := persistence.NewMessages(app.Table())
	for i := range 60 {
		err := messages.Append(context.Background(), domain.Message{
			MessageID: fmt.Sprintf("long-%02d", i), SessionID: firstID, PhoneNumber: first, Content: fmt.Sprintf("Mensagem número %d do cliente", i),
			Timestamp: time.Now(), StateBefore: domain.StateHuman, StateAfter: domain.StateHuman,
			Direction: domain.DirectionInbound, MessageType: domain.MessageText,
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	const reply = "Obrigada pela paciência!"
	b.Step("open the long conversation and send with Ctrl+Enter",
		chromedp.Navigate(base+"/atendimento/conversations/"+messaging.Digits(first)+"/"+firstID),
		chromedp.WaitVisible(chromedp.CSS("#reply")),
		browsertest.WaitForText("#messages", "Mensagem número 59 do cliente"),
		browsertest.Expect(`(() => { const l = document.querySelector("#messages"); return l.scrollHeight > l.clientHeight; })()`, true),
		browsertest.WaitFor(`(() => { const l = document.querySelector("#messages"); return l.scrollTop + l.clientHeight >= l.scrollHeight - 2; })()`), // scrolled after the render
		browsertest.Expect(`(() => { const r = document.querySelector("#send").getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; })()`, true),
		browsertest.Expect(`(() => { const m = document.querySelector("#messages li:last-child").getBoundingClientRect();
			return m.top >= 0 && m.bottom <= document.querySelector("#reply").getBoundingClientRect().top + 1; })()`, true),
		chromedp.SendKeys(chromedp.CSS("#text"), reply),
		chromedp.KeyEvent("\r", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
		browsertest.WaitForText("#messages li.operator:last-child", reply),
	)
	platform.waitText(t, messaging.Digits(first), func(body string) bool { return body == reply })

	// Closed, the conversation shows no open window any more.
	b.Step("close the conversation",
		chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`),
		chromedp.Click(chromedp.CSS("#close")),
		browsertest.WaitFor(`document.querySelector("#window").className === "window ended"`),
	)
}

// The login, queue and conversation pages pass axe-core (from npm,
// tools/testservers) with no serious or critical violation.
func TestConsoleAccessibilityInTheBrowser(t *testing.T) {
	leaktest.Check(t)
	axe := browsertest.AxeSource(t)
	const operator, customer = "+5511400000001", "+5511988883333"
	platform := newConsolePlatform(t)
	app := consoleApp(t, platform, []string{operator}, map[string]string{"DEV_UI_ENABLED": "false"})
	base := consoleServe(t, app)
	b := browsertest.New(t, browsertest.Chromium(t))

	b.Step("check the login page", chromedp.Navigate(base+"/atendimento/login"), chromedp.WaitVisible(chromedp.CSS("#phone")), browsertest.Axe(axe))
	consoleLogIn(t, b.Step, platform, base, operator)
	sessionID := consoleHandOff(t, app, customer)
	b.Step("check the queue page", chromedp.WaitVisible(chromedp.CSS(consoleRow(sessionID))), browsertest.Axe(axe))
	b.Step("check the conversation page",
		chromedp.Click(chromedp.CSS(consoleRow(sessionID)+" button.claim")),
		chromedp.WaitVisible(chromedp.CSS("#reply")),
		chromedp.WaitVisible(chromedp.CSS("#messages li.customer")),
		browsertest.Axe(axe),
	)
}
