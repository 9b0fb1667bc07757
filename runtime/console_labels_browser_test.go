package runtime_test

import (
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/internal/browsertest"
	"github.com/intake-runtime/intake/internal/leaktest"
)

// An operator on a phone (390 px) labels a conversation, sees the chip,
// removes a mistaken one, and filters the queue and the history by the
// label; the label box fits the width, its buttons are large enough for a
// finger, and axe-core finds nothing serious.
func TestConsoleLabelsInTheBrowser(t *testing.T) {
	leaktest.Check(t)
	axe := browsertest.AxeSource(t)
	const operator, labelled, other = "+5511400000001", "+5511988884444", "+5511988885555"
	b, app, _, base := consoleLive(t, operator, nil)
	labelledID := consoleHandOff(t, app, labelled)
	otherID := consoleHandOff(t, app, other)
	chips := `[...document.querySelectorAll("#label-list .label-chip span")].map((s) => s.textContent).join(",")`

	b.Step("label the conversation at 390 px",
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(base+"/atendimento/conversations/"+messaging.Digits(labelled)+"/"+labelledID),
		chromedp.WaitVisible(chromedp.CSS("#label-form")),
		chromedp.SendKeys(chromedp.CSS("#label-text"), "  Retorno   amanhã "),
		chromedp.Click(chromedp.CSS("#label-add")),
		browsertest.WaitFor(chips+` === "Retorno amanhã"`),
		chromedp.SendKeys(chromedp.CSS("#label-text"), "engano"),
		chromedp.Click(chromedp.CSS("#label-add")),
		browsertest.WaitFor(chips+` === "Retorno amanhã,engano"`),
		chromedp.Click(chromedp.CSS(`#label-list button[aria-label="Remover a etiqueta engano"]`)),
		browsertest.WaitFor(chips+` === "Retorno amanhã"`),
		browsertest.Expect(`document.querySelector("#label-text").value`, ""),
		browsertest.Expect(`document.querySelector("#labels").scrollWidth <= document.querySelector("#labels").clientWidth`, true),
		browsertest.Expect(`document.querySelector("#label-form").getBoundingClientRect().right <= window.innerWidth`, true),
		browsertest.Expect(`document.querySelector("#label-add").getBoundingClientRect().height >= 44`, true),
		browsertest.Expect(`document.querySelector("#label-list .label-remove").getBoundingClientRect().height >= 44`, true),
		browsertest.AxeWithin(axe, "#labels"),
	)
	b.Step("refused: a label too long, said in pt-BR",
		chromedp.SetValue(chromedp.CSS("#label-text"), "uma etiqueta comprida demais para um chip"),
		chromedp.Click(chromedp.CSS("#label-add")),
		browsertest.WaitForText("#label-error", "Uma etiqueta tem no máximo 30 caracteres."),
		browsertest.Expect(chips, "Retorno amanhã"),
	)
	b.Step("filter the queue by the label, in another case",
		chromedp.Navigate(base+"/atendimento"),
		chromedp.WaitVisible(chromedp.CSS("#label-filter")),
		chromedp.SendKeys(chromedp.CSS("#filter-label"), "RETORNO AMANHÃ"),
		chromedp.Click(chromedp.CSS("#filter-go")),
		chromedp.WaitVisible(chromedp.CSS("#filter-clear")),
		chromedp.WaitVisible(chromedp.CSS(consoleRow(labelledID))),
		browsertest.Expect(`document.querySelector('`+consoleRow(otherID)+`') === null`, true),
		browsertest.Expect(`document.querySelector('`+consoleRow(labelledID)+` .label-chip').textContent`, "Retorno amanhã"),
		// The script's refresh keeps the filter and draws the chip too.
		chromedp.Evaluate[chromedp.Void](`window.__served = document.querySelector('`+consoleRow(labelledID)+`');`),
		browsertest.WaitFor(`document.querySelector('`+consoleRow(labelledID)+`') !== window.__served`),
		browsertest.Expect(`document.querySelector('`+consoleRow(otherID)+`') === null`, true),
		browsertest.Expect(`document.querySelector('`+consoleRow(labelledID)+` .label-chip').textContent`, "Retorno amanhã"),
		browsertest.Expect(`document.querySelector("#label-filter").getBoundingClientRect().right <= window.innerWidth`, true),
		browsertest.AxeWithin(axe, "#label-filter"),
		browsertest.AxeWithin(axe, "#queue-rows"),
	)
	b.Step("filter the history by the label",
		chromedp.Navigate(base+"/atendimento/conversations?tab=open"),
		chromedp.WaitVisible(chromedp.CSS("#history-search")),
		chromedp.SetValue(chromedp.CSS("#search-by"), "label"),
		chromedp.SendKeys(chromedp.CSS("#search-q"), "retorno amanhã"),
		chromedp.Click(chromedp.CSS("#search-go")),
		chromedp.WaitVisible(chromedp.CSS(`#search-q[value="retorno amanhã"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#conversation-rows tr[data-session-id="`+labelledID+`"]`)),
		browsertest.Expect(`document.querySelector('#conversation-rows tr[data-session-id="`+otherID+`"]') === null`, true),
		browsertest.Expect(`document.querySelector('#conversation-rows tr[data-session-id="`+labelledID+`"] .label-chip').textContent`, "Retorno amanhã"),
		browsertest.AxeWithin(axe, "#history"),
	)
	// Wider, the whole pages pass: at 390 px the header's availability
	// and logout buttons fail colour contrast before any label is added
	// (the console's phone layout is being redone apart from this).
	b.Step("whole pages at desktop width",
		chromedp.EmulateViewport(1280, 800),
		browsertest.Axe(axe),
		chromedp.Navigate(base+"/atendimento/conversations/"+messaging.Digits(labelled)+"/"+labelledID),
		chromedp.WaitVisible(chromedp.CSS("#label-form")),
		browsertest.Axe(axe),
	)
}
