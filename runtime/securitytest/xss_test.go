package securitytest_test

import (
	"context"
	"net/url"
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/browsertest"
	"github.com/intake-runtime/intake/persistence"
)

// payload runs script if any page writes it as HTML.
const payload = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>"><svg onload="window.__xss=3">`

// TestCustomerTextNeverRunsInTheConsole: a customer whose name and message
// are markup is shown as text in the operator console (queue and
// conversation), in headless Chromium; nothing of it runs.
func TestCustomerTextNeverRunsInTheConsole(t *testing.T) {
	tg := start(t, map[string]string{"PUBLIC_BASE_URL": "http://127.0.0.1"}, nil)
	ctx := browsertest.Start(t)
	step := func(what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		sctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		defer cancel()
		if err := chromedp.Do(sctx, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	step("ask for a code",
		chromedp.Navigate(tg.base+"/atendimento"),
		chromedp.WaitVisible(chromedp.CSS("#phone")),
		chromedp.SendKeys(chromedp.CSS("#phone"), operator),
		chromedp.Click(chromedp.CSS("#send-code")),
		chromedp.WaitVisible(chromedp.CSS("#code")),
	)
	var code string
	for deadline := time.Now().Add(10 * time.Second); code == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		for _, s := range tg.sender.Sends() {
			code = regexp.MustCompile(`\b\d{6}\b`).FindString(s.Text)
		}
	}
	step("log in", chromedp.SendKeys(chromedp.CSS("#code"), code), chromedp.Click(chromedp.CSS("#verify")), chromedp.WaitVisible(chromedp.CSS("#queue-rows")))

	customer := "+5511955550000"
	s := handedOff(t, tg.table, customer)
	row := `tr[data-session-id="` + s.SessionID + `"]`
	step("see the conversation in the queue", chromedp.WaitVisible(chromedp.CSS(row)))
	assertInert(t, ctx, "the queue")
	step("open the conversation",
		chromedp.Navigate(tg.base+"/atendimento/conversations/"+url.PathEscape(messaging.Digits(customer))+"/"+s.SessionID),
		chromedp.WaitVisible(chromedp.CSS("#messages li.msg")),
	)
	assertInert(t, ctx, "the conversation")
}

// handedOff stores a conversation waiting for an operator whose customer
// name and message are payload.
func handedOff(t *testing.T, table persistence.Table, phone string) domain.Session {
	t.Helper()
	ctx := context.Background()
	now := time.Now().UTC()
	s := domain.NewSession(uuid.NewString(), phone, "instance_a", now)
	s.State, s.HandoffReason, s.HandoffAt = domain.StateHandoff, domain.HandoffCustomerRequest, &now
	s.CadastralData = map[string]any{"nome": payload}
	s.ServiceIdentified = payload
	s, err := persistence.NewSessions(table).Create(ctx, s)
	if err != nil {
		t.Fatal(err)
	}
	err = persistence.NewMessages(table).Append(ctx, domain.Message{
		MessageID: "in-" + s.SessionID, SessionID: s.SessionID, PhoneNumber: phone, Content: payload,
		Timestamp: now, StateBefore: domain.StateQualifying, StateAfter: domain.StateHandoff,
		Direction: domain.DirectionInbound, MessageType: domain.MessageText,
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// assertInert checks that no payload script ran and that the page shows
// the payload as text.
func assertInert(t *testing.T, ctx context.Context, where string) {
	t.Helper()
	var ran, shown bool
	sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	err := chromedp.Do(sctx,
		chromedp.Sleep(300*time.Millisecond), // an onerror fires once the image fails
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) (err error) {
			if ran, err = chromedp.Evaluate[bool](`window.__xss !== undefined`)(ctx, tg); err != nil {
				return err
			}
			shown, err = chromedp.Evaluate[bool](`document.body.innerText.includes('<img src=x onerror=')`)(ctx, tg)
			return err
		}),
	)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	if ran {
		t.Errorf("%s ran the customer's script", where)
	}
	if !shown {
		t.Errorf("%s does not show the customer's text as text", where)
	}
}
