package e2e_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/agent/replay"
	"github.com/intake-runtime/intake/internal/browsertest"
	"github.com/intake-runtime/intake/internal/leaktest"
)

// A reply's options show in the chat as buttons; a click answers with the
// option's title, as a tap on the customer's phone does.
func TestChatOptionsAnswerWithAClick(t *testing.T) {
	chromium := browsertest.Chromium(t)
	leaktest.Check(t)
	model := &recordingModel{model: replay.New([]string{
		`{"s":0,"qualification_data":{},"options":["Sim","Não"]} Confirma que a pesquisa é com os clientes atuais?`,
		`{"s":0,"qualification_data":{}} Combinado, então é com o mercado em geral.`,
	})}
	base := startApp(t, model)
	b := browsertest.New(t, chromium)
	lastBot := `#transcript li.msg.bot:last-child`

	b.Step("the reply's options are buttons",
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(chromedp.CSS(`#transcript`)),
		browsertest.Say("Quero uma pesquisa"),
		browsertest.WaitForText(lastBot, "Confirma que a pesquisa"),
		browsertest.Expect(`Array.from(document.querySelectorAll('#transcript li.msg.bot:last-child .options button')).map((b) => b.textContent).join('|')`, "Sim|Não"),
	)
	b.Step("a click answers with the title",
		chromedp.Click(chromedp.CSS(`#transcript li.msg.bot:last-child .options button:nth-child(2)`)),
		browsertest.WaitForText(lastBot, "Combinado"),
		browsertest.Expect(`Array.from(document.querySelectorAll('#transcript li.msg.customer')).map((m) => m.textContent).join('|')`, "Quero uma pesquisa|Não"),
	)
	history := model.last().History
	if n := len(history); n < 3 || history[n-1] != (agent.Turn{Role: agent.RoleUser, Text: "Não"}) ||
		history[n-2] != (agent.Turn{Role: agent.RoleAssistant, Text: "Confirma que a pesquisa é com os clientes atuais?\n\n1. Sim\n2. Não"}) {
		b.Fail("a click answers with the title", fmt.Errorf("the model's history after the click is %+v, want the numbered question then the customer's \"Não\"", history))
	}
}
