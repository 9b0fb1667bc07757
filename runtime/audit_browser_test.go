package runtime_test

import (
	"net/url"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/internal/browsertest"
	"github.com/intake-runtime/intake/internal/leaktest"
)

// The audit list shows the actions of a browser-test operator session in
// order (issue 33's acceptance): an operator logs in, claims a handoff,
// answers, writes a note and transfers the conversation to the owner; the
// owner, logged in to /admin at 390 px, reads those actions on the
// Auditoria page, newest first, in words, each with the operator's number
// and a local time, and filters them by who.
func TestAuditListsAnOperatorSessionInOrder(t *testing.T) {
	leaktest.Check(t)
	const (
		operator   = "+5511400000001"
		ownerTyped = "(11) 98888-7777"
		owner      = "+5511988887777"
		customer   = "+5511955553333"
	)
	platform := newConsolePlatform(t)
	app := consoleApp(t, platform, []string{operator}, map[string]string{"DEV_UI_ENABLED": "false", "ADMIN_PHONES": ownerTyped})
	base := consoleServe(t, app)
	chromium := browsertest.Chromium(t)

	op := browsertest.New(t, chromium)
	consoleLogIn(t, op.Step, platform, base, operator)
	row := consoleRow(consoleHandOff(t, app, customer))
	op.Step("claim, answer, note and transfer",
		chromedp.WaitVisible(chromedp.CSS(row)),
		chromedp.Click(chromedp.CSS(row+" button.claim")),
		chromedp.WaitVisible(chromedp.CSS("#reply")),
		chromedp.SendKeys(chromedp.CSS("#text"), "Olá, em que posso ajudar?"),
		chromedp.Click(chromedp.CSS("#send")),
		browsertest.WaitFor(`document.querySelector("#messages").textContent.includes("em que posso ajudar")`),
		chromedp.SendKeys(chromedp.CSS("#note-text"), "Cliente quer orçamento."),
		chromedp.Click(chromedp.CSS("#note-add")),
		browsertest.WaitForText("#note-list li.note", "Cliente quer orçamento."),
		chromedp.WaitVisible(chromedp.CSS("#transfer-form")),
		chromedp.SetValue(chromedp.CSS("#transfer-to"), owner),
		chromedp.Click(chromedp.CSS("#transfer")),
		browsertest.WaitFor(`document.querySelector("#reply").hidden`),
	)

	admin := browsertest.New(t, chromium)
	adminLogIn(t, admin.Step, platform, base, ownerTyped, owner)
	rows := `[...document.querySelectorAll("#audit tr:not(.head)")]`
	operatorTyped := messaging.AsTyped(operator, "BR")
	admin.Step("read the operator's session on the Auditoria page",
		chromedp.Click(chromedp.CSS(`header a[href="/admin/audit"]`)),
		chromedp.WaitVisible(chromedp.CSS("#audit")),
		browsertest.Expect(rows+`.map((r) => r.querySelector(".action").textContent).join("|")`,
			"Entrou na administração|Transferiu a conversa|Escreveu nota interna|Enviou mensagem|Assumiu a conversa|Entrou no console"),
		browsertest.Expect(rows+`.slice(1).every((r) => r.children[1].textContent === "`+operatorTyped+`")`, true),
		browsertest.Expect(rows+`.slice(1, 5).every((r) => r.children[3].textContent === "`+messaging.AsTyped(customer, "BR")+`")`, true),
		// Times are local (dd/mm/yyyy hh:mm) and never empty.
		browsertest.Expect(rows+`.every((r) => /\d{2}:\d{2}/.test(r.children[0].textContent))`, true),
		browsertest.Expect(`document.documentElement.scrollWidth <= window.innerWidth`, true),
	)
	admin.Step("filter by the operator and by an action",
		chromedp.Navigate(base+"/admin/audit?who="+url.QueryEscape(operator)+"&action=note"),
		chromedp.WaitVisible(chromedp.CSS("#audit")),
		browsertest.Expect(rows+`.map((r) => r.querySelector(".action").textContent).join("|")`, "Escreveu nota interna"),
	)
}
