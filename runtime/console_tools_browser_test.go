package runtime_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/browsertest"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/runtime"
)

// consoleTemplates is MESSAGING_TEMPLATES for the tools' tests: one approved
// template with two parameters.
const consoleTemplates = `[{"name":"retomar_contato","language":"pt_BR","body":"Olá {{1}}, aqui é {{2}}. Podemos continuar?"}]`

// A customer who asked for a person more than 24 hours ago can only get an
// approved template: the operator claims the conversation, sees the free
// reply box closed and the template form open, fills the parameters and
// sends; the platform receives the template with its parameters and the
// conversation logs it like any reply. The page with the form passes
// axe-core.
func TestConsoleSendsATemplateAfterTheWindowClosed(t *testing.T) {
	leaktest.Check(t)
	axe := browsertest.AxeSource(t)
	const operator, customer = "+5511400000001", "+5511988883333"
	b, app, platform, _ := consoleLive(t, operator, map[string]string{"MESSAGING_TEMPLATES": consoleTemplates})

	reply := consoleChatAt(t, app, customer, "Quero falar com uma pessoa", time.Now().Add(-25*time.Hour))
	if reply.GetState() != string(domain.StateHandoff) {
		t.Fatalf("after s=3 the conversation is %s, want HANDOFF", reply.GetState())
	}
	row := consoleRow(reply.GetSessionId())
	b.Step("claim the conversation whose window closed",
		chromedp.WaitVisible(chromedp.CSS(row)),
		chromedp.Click(chromedp.CSS(row+" button.claim")),
		chromedp.WaitVisible(chromedp.CSS("#template-form")),
		browsertest.Expect(`document.querySelector("#window").className`, "window closed"),
		browsertest.Expect(`document.querySelector("#send").disabled`, true),
		browsertest.Axe(axe),
	)
	b.Step("fill the template's parameters and send it",
		chromedp.SendKeys(chromedp.CSS("#template-param-1"), "Maria"),
		chromedp.SendKeys(chromedp.CSS("#template-param-2"), "Ana"),
		browsertest.Expect(`document.querySelector("#template-body").textContent`, "Olá Maria, aqui é Ana. Podemos continuar?"),
		chromedp.Click(chromedp.CSS("#template-send")),
		browsertest.WaitForText("#messages li.msg.operator", "Olá Maria, aqui é Ana. Podemos continuar?"),
	)

	digits := messaging.Digits(customer)
	deadline := time.Now().Add(10 * time.Second)
	for {
		for _, m := range platform.texts() {
			tpl := m.Template
			if m.To != digits || tpl.Name == "" {
				continue
			}
			if tpl.Name != "retomar_contato" || tpl.Language.Code != "pt_BR" || len(tpl.Components) != 1 || tpl.Components[0].Type != "body" {
				t.Fatalf("the platform received template %+v", tpl)
			}
			var params []string
			for _, p := range tpl.Components[0].Parameters {
				params = append(params, p.Type+":"+p.Text)
			}
			if !slices.Equal(params, []string{"text:Maria", "text:Ana"}) {
				t.Fatalf("template parameters %v, want Maria and Ana as text", params)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the platform received no template for the customer; got %+v", platform.texts())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// consolePair starts the whole application with two operators and extra
// settings, and logs each in from their own headless Chromium.
func consolePair(t *testing.T, first, second string, extra map[string]string) (one, two *browsertest.Browser, app *runtime.App, platform *consolePlatform) {
	t.Helper()
	platform = newConsolePlatform(t)
	env := map[string]string{"DEV_UI_ENABLED": "false"}
	for k, v := range extra {
		env[k] = v
	}
	app = consoleApp(t, platform, []string{first, second}, env)
	base := consoleServe(t, app)
	one = browsertest.New(t, browsertest.Chromium(t))
	two = browsertest.New(t, browsertest.Chromium(t))
	consoleLogIn(t, one.Step, platform, base, first)
	consoleLogIn(t, two.Step, platform, base, second)
	return one, two, app, platform
}

// consoleAdmin calls the admin API of the application at base with the test
// key and requires want.
func consoleAdmin(t *testing.T, base, method, path, body string, want int) {
	t.Helper()
	req, err := http.NewRequest(method, base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("X-Admin-Key", "admin-key-for-tests-0123456789")
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != want {
		t.Fatalf("%s %s: %d, want %d", method, path, res.StatusCode, want)
	}
}

// An admin saves a reply as /preco; the operator types "/pre" in the reply
// box, picks it from the offer, Tab inserts another the same way, and the
// message with both texts reaches the customer.
func TestConsoleInsertsASavedReply(t *testing.T) {
	leaktest.Check(t)
	const operator, customer = "+5511400000001", "+5511988884444"
	b, app, platform, base := consoleLive(t, operator, nil)
	consoleAdmin(t, base, "PUT", "/admin/api/saved-replies/preco", `{"text":"A consulta custa R$ 200."}`, http.StatusOK)
	consoleAdmin(t, base, "PUT", "/admin/api/saved-replies/horario", `{"text":"Atendemos das 8h às 18h."}`, http.StatusOK)

	row := consoleRow(consoleHandOff(t, app, customer))
	b.Step("claim the conversation",
		chromedp.WaitVisible(chromedp.CSS(row)),
		chromedp.Click(chromedp.CSS(row+" button.claim")),
		chromedp.WaitVisible(chromedp.CSS("#reply")),
	)
	b.Step("type /pre and pick the saved reply",
		chromedp.Click(chromedp.CSS("#text")),
		chromedp.SendKeys(chromedp.CSS("#text"), "Olá! /pre"),
		chromedp.WaitVisible(chromedp.CSS(`#saved-reply-list button[data-code="preco"]`)),
		browsertest.Expect(`document.querySelectorAll("#saved-reply-list button").length`, 1),
		chromedp.Click(chromedp.CSS(`#saved-reply-list button[data-code="preco"]`)),
		browsertest.Expect(`document.querySelector("#text").value`, "Olá! A consulta custa R$ 200."),
		browsertest.Expect(`document.querySelector("#saved-replies").hidden`, true),
	)
	b.Step("insert another with Tab and send",
		chromedp.SendKeys(chromedp.CSS("#text"), " /hor"),
		chromedp.WaitVisible(chromedp.CSS(`#saved-reply-list button[data-code="horario"]`)),
		chromedp.SendKeys(chromedp.CSS("#text"), "\t"),
		browsertest.Expect(`document.querySelector("#text").value`, "Olá! A consulta custa R$ 200. Atendemos das 8h às 18h."),
		chromedp.Click(chromedp.CSS("#send")),
		browsertest.WaitForText("#messages li.msg.operator", "Olá! A consulta custa R$ 200. Atendemos das 8h às 18h."),
	)
	platform.waitText(t, messaging.Digits(customer), func(s string) bool {
		return s == "Olá! A consulta custa R$ 200. Atendemos das 8h às 18h."
	})
}

// An operator writes an internal note on a conversation; a second operator,
// logged in from another browser, sees it on the same conversation without
// a reload, and the platform never receives it.
func TestConsoleNotesReachOperatorsOnly(t *testing.T) {
	leaktest.Check(t)
	const first, second, customer = "+5511400000001", "+5511400000002", "+5511988885555"
	const note = "Cliente pediu retorno depois das 15h; não oferecer desconto."
	one, two, app, platform := consolePair(t, first, second, nil)

	row := consoleRow(consoleHandOff(t, app, customer))
	one.Step("claim the conversation",
		chromedp.WaitVisible(chromedp.CSS(row)),
		chromedp.Click(chromedp.CSS(row+" button.claim")),
		chromedp.WaitVisible(chromedp.CSS("#note-form")),
	)
	two.Step("open the same conversation",
		chromedp.WaitVisible(chromedp.CSS(row+" a.open")),
		chromedp.Click(chromedp.CSS(row+" a.open")),
		chromedp.WaitVisible(chromedp.CSS("#note-list li.empty")),
	)
	one.Step("write a note",
		chromedp.SendKeys(chromedp.CSS("#note-text"), note),
		chromedp.Click(chromedp.CSS("#note-add")),
		browsertest.WaitForText("#note-list li.note", note),
	)
	two.Step("see the colleague's note appear",
		browsertest.WaitForText("#note-list li.note", note),
		browsertest.WaitForText("#note-list li.note .meta", messaging.AsTyped(first, "BR")),
		browsertest.Expect(`document.querySelector("#messages").textContent.includes("retorno depois")`, false),
	)
	for _, m := range platform.texts() {
		if strings.Contains(m.Body, "retorno depois") {
			t.Fatalf("the platform received the note: %+v", m)
		}
	}
}

// The operator holding a conversation transfers it to a colleague: the
// colleague is told on their phone with a link, the page shows the
// conversation held by them, and on their console it is theirs to answer.
func TestConsoleTransfersAConversation(t *testing.T) {
	leaktest.Check(t)
	const first, second, customer = "+5511400000001", "+5511400000002", "+5511988886666"
	one, two, app, platform := consolePair(t, first, second, nil)

	sessionID := consoleHandOff(t, app, customer)
	row := consoleRow(sessionID)
	one.Step("claim and transfer the conversation",
		chromedp.WaitVisible(chromedp.CSS(row)),
		chromedp.Click(chromedp.CSS(row+" button.claim")),
		chromedp.WaitVisible(chromedp.CSS("#transfer-form")),
		browsertest.Expect(`document.querySelector("#transfer-to").value`, second),
		chromedp.Click(chromedp.CSS("#transfer")),
		browsertest.WaitFor(`document.querySelector("#reply").hidden`),
		browsertest.WaitForText("#state", messaging.AsTyped(second, "BR")),
	)
	notice := platform.waitText(t, messaging.Digits(second), func(s string) bool {
		return strings.Contains(s, "transferiu para você") && strings.Contains(s, sessionID)
	})
	if !strings.Contains(notice, first) || !strings.Contains(notice, customer) {
		t.Errorf("transfer notice %q names neither the operator nor the customer", notice)
	}
	two.Step("answer the transferred conversation",
		chromedp.WaitVisible(chromedp.CSS(row+" a.open")),
		chromedp.Click(chromedp.CSS(row+" a.open")),
		chromedp.WaitVisible(chromedp.CSS("#reply")),
		chromedp.SendKeys(chromedp.CSS("#text"), "Olá, sou a Bia e continuo seu atendimento."),
		chromedp.Click(chromedp.CSS("#send")),
	)
	platform.waitText(t, messaging.Digits(customer), func(s string) bool { return strings.HasPrefix(s, "Olá, sou a Bia") })
}

// An operator who sets themselves away in the console's header is not
// texted about a new handoff; the colleague still available is.
func TestConsoleAwayOperatorsAreNotNotified(t *testing.T) {
	leaktest.Check(t)
	const first, second, customer = "+5511400000001", "+5511400000002", "+5511988887777"
	one, _, app, platform := consolePair(t, first, second, map[string]string{"HANDOFF_NOTIFIER_ENABLED": "true"})
	one.Step("set oneself away",
		browsertest.WaitForText("#availability", "Disponível"),
		chromedp.Click(chromedp.CSS("#availability")),
		browsertest.WaitForText("#availability", "Ausente"),
		chromedp.Reload(),
		browsertest.WaitForText("#availability", "Ausente"),
	)
	consoleHandOff(t, app, customer)
	platform.waitText(t, messaging.Digits(second), func(s string) bool { return strings.Contains(s, customer) })
	for _, m := range platform.texts() {
		if m.To == messaging.Digits(first) && strings.Contains(m.Body, customer) {
			t.Fatalf("the operator away was told: %q", m.Body)
		}
	}
}

// An admin adds an operator who is not in OPERATOR_PHONES, named Ana with
// her signature on: she logs in, and her message reaches the customer as
// "*Ana*: …". Disabled by the admin, her open console sends her back to the
// login page.
func TestConsoleOperatorsManagedInAdmin(t *testing.T) {
	leaktest.Check(t)
	const seeded, ana, customer = "+5511400000001", "+5511400000009", "+5511988889999"
	platform := newConsolePlatform(t)
	app := consoleApp(t, platform, []string{seeded}, map[string]string{"DEV_UI_ENABLED": "false"})
	base := consoleServe(t, app)
	consoleAdmin(t, base, "PUT", "/admin/api/operators/"+ana, `{"name":"Ana","signature":true}`, http.StatusOK)
	b := browsertest.New(t, browsertest.Chromium(t))
	consoleLogIn(t, b.Step, platform, base, ana)

	row := consoleRow(consoleHandOff(t, app, customer))
	b.Step("claim and answer with the signature",
		chromedp.WaitVisible(chromedp.CSS(row)),
		chromedp.Click(chromedp.CSS(row+" button.claim")),
		chromedp.WaitVisible(chromedp.CSS("#reply")),
		chromedp.SendKeys(chromedp.CSS("#text"), "Bom dia!"),
		chromedp.Click(chromedp.CSS("#send")),
		browsertest.WaitForText("#messages li.msg.operator", "*Ana*: Bom dia!"),
	)
	platform.waitText(t, messaging.Digits(customer), func(s string) bool { return s == "*Ana*: Bom dia!" })

	consoleAdmin(t, base, "PUT", "/admin/api/operators/"+ana, `{"name":"Ana","disabled":true}`, http.StatusOK)
	b.Step("be sent back to the login page once disabled",
		chromedp.Reload(),
		chromedp.WaitVisible(chromedp.CSS("#phone")),
	)
}
