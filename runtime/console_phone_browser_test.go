package runtime_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/internal/browsertest"
	"github.com/intake-runtime/intake/internal/leaktest"
)

// phoneWidth is the screen operators often work from (390×844).
const phoneWidth, phoneHeight = 390, 844

// phoneFits is true when nothing on the page is wider than the phone.
const phoneFits = `document.documentElement.scrollWidth <= window.innerWidth`

// tap taps what sel selects once it is on the screen: scrolled into view
// (again at each poll, as a live refresh may redraw the page under it) and
// wholly within the screen's width, since a button half off-screen cannot
// be tapped by a thumb.
func tap(sel string) chromedp.Action[chromedp.Void] {
	steps := []chromedp.Action[chromedp.Void]{
		chromedp.WaitVisible(chromedp.CSS(sel)),
		browsertest.WaitFor(fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e) return false;
			e.scrollIntoView({block: "center"}); const r = e.getBoundingClientRect();
			return r.width > 0 && r.left >= 0 && r.right <= window.innerWidth && r.top >= 0 && r.bottom <= window.innerHeight; })()`, sel)),
		chromedp.Tap(chromedp.CSS(sel)),
	}
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		for _, step := range steps {
			if _, err := step(ctx, tg); err != nil {
				return err
			}
		}
		return nil
	})
}

// An operator works a whole conversation from a 390 px phone: login,
// queue, conversation and history fit the screen and pass axe-core, and
// claim, send, note, transfer and close are each a tap on something
// visible. Operators read as names, not numbers.
func TestConsoleOnAPhone(t *testing.T) {
	leaktest.Check(t)
	axe := browsertest.AxeSource(t)
	const operator, colleague = "+5511400000001", "+5511400000002"
	const first, second = "+5511988881111", "+5511988882222"
	platform := newConsolePlatform(t)
	app := consoleApp(t, platform, []string{operator, colleague}, map[string]string{"DEV_UI_ENABLED": "false"})
	base := consoleServe(t, app)
	consoleAdmin(t, base, "PUT", "/admin/api/operators/"+colleague, `{"name": "Bia Souza"}`, 200)
	consoleAdmin(t, base, "PUT", "/admin/api/operators/"+operator, `{"name": "Ana Lima"}`, 200)
	b := browsertest.New(t, browsertest.Chromium(t))

	b.Step("open the login page on a phone",
		chromedp.EmulateViewport(phoneWidth, phoneHeight, chromedp.EmulateTouch),
		chromedp.Navigate(base+"/atendimento/login"),
		chromedp.WaitVisible(chromedp.CSS("#phone")),
		browsertest.Expect(phoneFits, true),
		browsertest.Axe(axe),
	)
	consoleLogIn(t, b.Step, platform, base, operator)
	firstID, secondID := consoleHandOff(t, app, first), consoleHandOff(t, app, second)
	b.Step("read the queue as cards, named",
		chromedp.WaitVisible(chromedp.CSS(consoleRow(firstID))),
		chromedp.WaitVisible(chromedp.CSS(consoleRow(secondID))),
		browsertest.Expect(phoneFits, true),
		browsertest.WaitForText("#operator", "Ana Lima"),
		browsertest.Axe(axe),
	)
	b.Step("claim the first with a tap", tap(consoleRow(firstID)+" button.claim"), chromedp.WaitVisible(chromedp.CSS("#reply")))
	const reply = "Oi! Aqui é a Ana, vou te ajudar."
	b.Step("send a reply with a tap",
		browsertest.Expect(phoneFits, true),
		browsertest.Axe(axe),
		chromedp.SendKeys(chromedp.CSS("#text"), reply),
		tap("#send"),
		browsertest.WaitForText("#messages li.operator:last-child", reply),
		browsertest.WaitForText("#messages li.operator:last-child .meta", "Ana Lima"),
	)
	platform.waitText(t, messaging.Digits(first), func(s string) bool { return s == reply })
	b.Step("add a note with a tap",
		chromedp.SendKeys(chromedp.CSS("#note-text"), "Cliente prefere falar à tarde."),
		tap("#note-add"),
		browsertest.WaitForText("#note-list li.note", "Cliente prefere falar à tarde."),
		browsertest.Expect(phoneFits, true),
	)
	b.Step("transfer to a colleague chosen by name with a tap",
		browsertest.Expect(`document.querySelector("#transfer-to").selectedOptions[0].textContent.includes("Bia Souza")`, true),
		tap("#transfer"),
		browsertest.WaitFor(`document.querySelector("#reply").hidden`),
		browsertest.WaitForText("#state", "Bia Souza"),
	)
	b.Step("claim the second and close it with taps",
		chromedp.Navigate(base+"/atendimento"),
		tap(consoleRow(secondID)+" button.claim"),
		chromedp.WaitVisible(chromedp.CSS("#reply")),
		chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`),
		tap("#close"),
		browsertest.WaitFor(`document.querySelector("#window").className === "window ended"`),
		browsertest.Expect(phoneFits, true),
	)
	b.Step("read the history on the phone",
		chromedp.Navigate(base+"/atendimento/conversations"),
		chromedp.WaitVisible(chromedp.CSS("#history-search")),
		tap("#tab-closed"),
		chromedp.WaitVisible(chromedp.CSS(`#conversation-rows tr[data-session-id="`+secondID+`"]`)),
		browsertest.Expect(phoneFits, true),
		browsertest.Axe(axe),
	)
	b.Step("and the same pages still pass on a desktop",
		chromedp.EmulateViewport(1280, 900),
		chromedp.Navigate(base+"/atendimento"),
		chromedp.WaitVisible(chromedp.CSS("#queue-rows")),
		browsertest.Axe(axe),
		chromedp.Navigate(base+"/atendimento/conversations/"+messaging.Digits(second)+"/"+secondID),
		chromedp.WaitVisible(chromedp.CSS("#messages")),
		browsertest.Axe(axe),
	)
}
