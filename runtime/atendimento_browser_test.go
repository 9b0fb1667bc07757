package runtime_test

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/browsertest"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/runtime"
)

// consoleBrowser starts headless Chromium for the test (internal/browsertest).
func consoleBrowser(t *testing.T) context.Context {
	t.Helper()
	return browsertest.Start(t)
}

// consoleStep runs actions with a timeout; on failure it saves a screenshot to
// test-artifacts/ at the repository root and stops the test.
func consoleStep(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	stepCtx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(stepCtx, actions...); err != nil {
		t.Fatalf("%s: %v (screenshot: %s)", what, err, consoleScreenshot(t, ctx))
	}
}

// consoleScreenshot saves the browser's viewport as test-artifacts/<test>.png and
// returns its path, or why it could not.
func consoleScreenshot(t *testing.T, ctx context.Context) string {
	shotCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	png, err := chromedp.Run(shotCtx, chromedp.CaptureScreenshot())
	if err != nil {
		return "none: " + err.Error()
	}
	dir := filepath.Join(consoleRepoRoot(t), "test-artifacts")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "none: " + err.Error()
	}
	path := filepath.Join(dir, strings.ReplaceAll(t.Name(), "/", "_")+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		return "none: " + err.Error()
	}
	return path
}

// consoleRepoRoot is the directory holding go.mod above the test's directory.
func consoleRepoRoot(t *testing.T) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return dir
		}
	}
}

var consoleLoginCode = regexp.MustCompile(`\b(\d{6})\b`)

// consoleServe runs app on a free local port until the test ends and
// returns its base URL.
func consoleServe(t *testing.T, app *runtime.App) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	runCtx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- app.Run(runCtx, ln) }()
	t.Cleanup(func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
	return "http://" + ln.Addr().String()
}

// consoleLogIn logs operator in, running its steps with step: the console
// redirects to the login page, the code arrives on the operator's phone (the
// fake platform), and the queue opens.
func consoleLogIn(t *testing.T, step func(string, ...chromedp.Action[chromedp.Void]), platform *consolePlatform, base, operator string) {
	t.Helper()
	step("open the console",
		chromedp.Navigate(base+"/atendimento"),
		chromedp.WaitVisible(chromedp.CSS("#phone")),
		chromedp.SendKeys(chromedp.CSS("#phone"), operator),
		chromedp.Click(chromedp.CSS("#send-code")),
		chromedp.WaitVisible(chromedp.CSS("#code")),
	)
	text := platform.waitText(t, messaging.Digits(operator), consoleLoginCode.MatchString)
	code := consoleLoginCode.FindStringSubmatch(text)[1]
	step("log in with the code",
		chromedp.SendKeys(chromedp.CSS("#code"), code),
		chromedp.Click(chromedp.CSS("#verify")),
		chromedp.WaitVisible(chromedp.CSS("#queue-rows")),
	)
}

// adminLogIn logs an owner in to /admin at 390 px, running its steps with
// step: the pages redirect to the login, the owner types their number as
// people do (typed), the code arrives on their WhatsApp (the fake
// platform, at owner), and the overview opens.
func adminLogIn(t *testing.T, step func(string, ...chromedp.Action[chromedp.Void]), platform *consolePlatform, base, typed, owner string) {
	t.Helper()
	step("open /admin at 390 px: the login",
		chromedp.EmulateViewport(390, 800),
		chromedp.Navigate(base+"/admin"),
		chromedp.WaitVisible(chromedp.CSS("#phone")),
		chromedp.SendKeys(chromedp.CSS("#phone"), typed),
		chromedp.Click(chromedp.CSS("#send-code")),
		chromedp.WaitVisible(chromedp.CSS("#code")),
	)
	text := platform.waitText(t, messaging.Digits(owner), consoleLoginCode.MatchString)
	step("log in with the code from WhatsApp",
		chromedp.SendKeys(chromedp.CSS("#code"), consoleLoginCode.FindStringSubmatch(text)[1]),
		chromedp.Click(chromedp.CSS("#verify")),
		chromedp.WaitVisible(chromedp.CSS(`header a[href="/admin"].here`)),
	)
}

// An operator logs in with the code the platform delivered, watches a
// handed-off conversation appear in the queue without reloading, claims it,
// writes to the customer (the platform receives it) and closes it, in
// headless Chromium against the whole application (real session actors,
// memory table, fake messaging platform) with the development gate off.
func TestOperatorConsoleInTheBrowser(t *testing.T) {
	leaktest.Check(t)
	const operator, customer = "+5511400000001", "+5511988887777"
	platform := newConsolePlatform(t)
	app := consoleApp(t, platform, []string{operator}, map[string]string{"DEV_UI_ENABLED": "false"})
	base := consoleServe(t, app)
	ctx := consoleBrowser(t)
	consoleLogIn(t, func(what string, actions ...chromedp.Action[chromedp.Void]) { consoleStep(t, ctx, what, actions...) },
		platform, base, operator)

	// A customer asks for a person; the conversation appears in the open
	// queue by itself.
	sessionID := consoleHandOff(t, app, customer)
	row := `tr[data-session-id="` + sessionID + `"]`
	consoleStep(t, ctx, "see the new conversation in the queue",
		chromedp.WaitVisible(chromedp.CSS(row)),
		chromedp.Click(chromedp.CSS(row+" button.claim")),
		chromedp.WaitVisible(chromedp.CSS("#reply")),
	)

	// Write to the customer: the platform receives it, the history shows it.
	const hello = "Olá! Sou a Ana, do atendimento. Como posso ajudar?"
	consoleStep(t, ctx, "send a message",
		chromedp.SendKeys(chromedp.CSS("#text"), hello),
		chromedp.Click(chromedp.CSS("#send")),
		chromedp.WaitVisible(chromedp.CSS("#messages li.operator")),
	)
	platform.waitText(t, messaging.Digits(customer), func(body string) bool { return body == hello })

	// Close it (the confirmation is accepted).
	consoleStep(t, ctx, "close the conversation",
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := chromedp.Evaluate[bool](`window.confirm = () => true; true`)(ctx, tg)
			return err
		}),
		chromedp.Click(chromedp.CSS("#close")),
		chromedp.WaitNotVisible(chromedp.CSS("#reply")),
	)
	stored, err := persistence.NewSessions(app.Table()).Get(context.Background(), customer, sessionID)
	if err != nil {
		t.Fatal(err)
	}
	if stored.State != domain.StateClosed {
		t.Errorf("after closing in the console the session is %s, want CLOSED (screenshot: %s)", stored.State, consoleScreenshot(t, ctx))
	}

	// Take over a conversation the bot holds: find it by the customer's
	// number, ask to take it over, confirm.
	const qualifying = "+5511988886666"
	held := domain.NewSession("bot-held", qualifying, "instance_a", time.Now())
	held.State, held.CurrentAgent = domain.StateQualifying, domain.AgentQualifier
	if _, err := persistence.NewSessions(app.Table()).Create(context.Background(), held); err != nil {
		t.Fatal(err)
	}
	consoleStep(t, ctx, "find the bot's conversation and take it over after confirming",
		chromedp.Navigate(base+"/atendimento"),
		chromedp.WaitVisible(chromedp.CSS("#find-phone")),
		chromedp.SendKeys(chromedp.CSS("#find-phone"), qualifying),
		chromedp.Click(chromedp.CSS("#find-open")),
		chromedp.WaitVisible(chromedp.CSS("#takeover")),
		chromedp.Click(chromedp.CSS("#takeover")),
		chromedp.WaitVisible(chromedp.CSS("#takeover-confirm")),
		chromedp.Click(chromedp.CSS("#takeover-yes")),
		chromedp.WaitVisible(chromedp.CSS("#reply")),
	)
	taken, err := persistence.NewSessions(app.Table()).Get(context.Background(), qualifying, "bot-held")
	if err != nil || taken.State != domain.StateHuman || taken.HandoffReason != domain.HandoffOperatorTakeover || string(taken.AssignedTo) != operator {
		t.Errorf("after the takeover: %+v (%v), want HUMAN, OPERATOR_TAKEOVER, held by %s", taken, err, operator)
	}
}
