package runtime_test

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/browsertest"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence"
)

// An operator reads a transcribed voice note in the console: the
// transcript sits under the note, labelled "Transcrição", as the server
// renders it and as the page's script redraws it, at 390 px wide too.
func TestVoiceNoteTranscriptInTheBrowser(t *testing.T) {
	leaktest.Check(t)
	const operator, customer = "+5511400000001", "+5511988883333"
	b, app, _, base := consoleLive(t, operator, nil)
	sessionID := consoleHandOff(t, app, customer)
	err := persistence.NewMessages(app.Table()).Append(context.Background(), domain.Message{
		MessageID: "wamid.VOICE", SessionID: sessionID, PhoneNumber: customer, Content: "[audio]",
		Timestamp: time.Now(), StateBefore: domain.StateHandoff, StateAfter: domain.StateHandoff,
		Direction: domain.DirectionInbound, MessageType: domain.MessageAudio,
		Transcript: "quero um orçamento para a minha casa, que fica em Campinas, com urgência",
	})
	if err != nil {
		t.Fatal(err)
	}
	const want = "Transcrição: quero um orçamento para a minha casa, que fica em Campinas, com urgência"
	transcript := `document.querySelector('#messages li[data-id="wamid.VOICE"] .transcript')`
	b.Step("open the conversation at 390 px",
		chromedp.EmulateViewport(390, 800),
		chromedp.Navigate(base+"/atendimento/conversations/"+messaging.Digits(customer)+"/"+sessionID),
		browsertest.WaitFor(transcript+` !== null`),
		browsertest.Expect(transcript+`.textContent`, want),
		chromedp.Evaluate[chromedp.Void](`window.__served = `+transcript+`;`),
	)
	b.Step("see the script redraw it the same way",
		browsertest.WaitFor(transcript+` !== null && `+transcript+` !== window.__served`),
		browsertest.Expect(transcript+`.textContent`, want),
		browsertest.Expect(transcript+`.querySelector(".label").textContent`, "Transcrição:"),
		// The note fits the phone's width; the transcript wraps inside it.
		browsertest.Expect(transcript+`.getBoundingClientRect().right <= window.innerWidth`, true),
		browsertest.Expect(`document.querySelector("#messages").scrollWidth <= document.querySelector("#messages").clientWidth`, true),
	)
}
