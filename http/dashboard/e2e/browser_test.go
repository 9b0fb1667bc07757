package e2e_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/agent/replay"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime"
	"github.com/intake-runtime/intake/runtime/config"
	"github.com/intake-runtime/intake/runtime/logging"
)

// answers are what the replay model says, in order: the first three turns
// of the registers-new-customer recording, then the answer to the question
// asked after the knowledge edit.
var answers = []string{
	`{"s":0,"qualification_data":{"assunto":"pesquisa com clientes"}} Olá! Que bom falar com você. Essa pesquisa seria com os seus clientes atuais ou com o mercado em geral?`,
	`{"s":1,"qualification_data":{"empresa":"Padaria Sol","porte":"12 lojas"},"service":"pesquisa de satisfação","segment":"pesquisa","intent":"orcamento"} Perfeito, a nossa Pesquisa de Satisfação de Clientes atende exatamente isso. Qual é o seu nome completo e o seu e-mail?`,
	`{"s":0,"qualification_data":{},"cadastral_data":{"nome":"Ana Souza","email":"ana@padariasol.com.br"}} Obrigado, Ana! Qual é o CNPJ da empresa?`,
	`{"s":0,"qualification_data":{}} Sim, atendemos empresas de todo o Brasil. Qual é o CNPJ da empresa?`,
}

// editedTitle is the heading the test gives the "empresa" knowledge
// package; the catalogue section of every prompt lists package titles.
const editedTitle = "Quem somos (editado no dashboard)"

// recordingModel answers like the replay model and keeps every request.
type recordingModel struct {
	model agent.Model
	mu    sync.Mutex
	reqs  []agent.Request
}

func (m *recordingModel) Call(ctx context.Context, req agent.Request) (agent.LLMCallResult, error) {
	m.mu.Lock()
	m.reqs = append(m.reqs, req)
	m.mu.Unlock()
	return m.model.Call(ctx, req)
}

func (m *recordingModel) last() agent.Request {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.reqs) == 0 {
		return agent.Request{}
	}
	return m.reqs[len(m.reqs)-1]
}

// TestDashboardInTheBrowser drives the dashboard as a developer would: chat
// with the bot and watch its state, run every fixture, edit a knowledge
// package and see the next turn use it without a restart, and read the logs.
func TestDashboardInTheBrowser(t *testing.T) {
	chromium := findChromium(t)
	leaktest.Check(t)
	model := &recordingModel{model: replay.New(answers)}
	base := startApp(t, model)
	b := newBrowser(t, chromium)

	b.step("load the page",
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(chromedp.CSS(`#transcript`)),
		waitFor(`document.querySelector('#log-status').dataset.state === 'on'`),
	)

	b.step("chat and see the reply and the state",
		say("Oi, preciso de uma pesquisa com os meus clientes"),
		waitForText(`#transcript li.msg.bot:last-child`, "Essa pesquisa seria com os seus clientes atuais"),
		waitForText(`#session-state`, "QUALIFYING"),
		say("Com os clientes atuais. Quero medir o NPS das 12 lojas da Padaria Sol"),
		waitForText(`#transcript li.msg.bot:last-child`, "Pesquisa de Satisfação de Clientes atende"),
		waitForText(`#session-state`, "DATA_COLLECT"),
		// The strip shows every state, in the server's order, the current one on.
		expect("Array.from(document.querySelectorAll('#session-body .states span')).map((s) => s.textContent + (s.className === 'on' ? '*' : '')).join(' ')",
			"NEW QUALIFYING DATA_COLLECT* CONFIRM_SUBJECT COMPLETED HANDOFF HUMAN CLOSED"),
		waitForText(`#session-body`, "Pesquisa de Satisfação de Clientes"),
		waitForText(`#session-body`, "Padaria Sol"),
		say("Ana Souza, ana@padariasol.com.br"),
		waitForText(`#transcript li.msg.bot:last-child`, "Obrigado, Ana!"),
		waitForText(`#session-body`, "ana@padariasol.com.br"),
	)

	b.step("run every fixture and see them pass",
		chromedp.Click(chromedp.CSS(`[data-tab="fixtures"]`)),
		waitFor(`document.querySelectorAll('#fixture-list li[data-fixture]').length > 0`),
		chromedp.Click(chromedp.CSS(`#fixtures-run-all`)),
		waitFor(`document.querySelector('#fixture-summary').classList.contains('ok') || document.querySelector('#fixture-summary').classList.contains('bad')`),
		expect(`document.querySelector('#fixture-summary').className`, "summary ok"),
		expect(`document.querySelectorAll('#fixture-list .pill[data-state="pass"]').length === document.querySelectorAll('#fixture-list li[data-fixture]').length`, true),
	)

	b.step("edit a knowledge package",
		chromedp.Click(chromedp.CSS(`[data-tab="knowledge"]`)),
		chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector('#knowledge-package'); s.value = 'empresa'; s.dispatchEvent(new Event('change')); })()`),
		waitFor(`document.querySelector('#knowledge-content').value.startsWith('#')`),
		chromedp.SetValue(chromedp.CSS(`#knowledge-content`), "# "+editedTitle+"\n\nAtendemos empresas de todo o Brasil, com equipes em São Paulo e no Recife.\n"),
		chromedp.Click(chromedp.CSS(`#knowledge-save`)),
		waitForText(`#knowledge-status.ok`, "no restart needed"),
	)

	b.step("edit the catalogue: a missing package is refused, a valid edit saved and versioned",
		chromedp.Click(chromedp.CSS(`[data-tab="catalogue"]`)),
		waitFor(`document.querySelector('#catalogue-content').value.includes('services:')`),
		chromedp.Evaluate[chromedp.Void](`(() => { const t = document.querySelector('#catalogue-content'); t.value = t.value.replace('packages: [pesquisa-satisfacao,', 'packages: [nao-existe,'); })()`),
		chromedp.Click(chromedp.CSS(`#catalogue-save`)),
		waitForText(`#catalogue-status.bad`, "nao-existe"),
		chromedp.Evaluate[chromedp.Void](`(() => { const t = document.querySelector('#catalogue-content'); t.value = t.value.replace('packages: [nao-existe,', 'packages: [pesquisa-satisfacao,').replace('description: Mede a satisfação', 'description: Mede, com método, a satisfação'); })()`),
		chromedp.Click(chromedp.CSS(`#catalogue-save`)),
		waitForText(`#catalogue-status.ok`, "replaced version is kept"),
		expect(`document.querySelectorAll('#catalogue-version option').length`, 2),
	)

	b.step("the next turn uses the edit",
		say("Vocês atendem fora de São Paulo?"),
		waitForText(`#transcript li.msg.bot:last-child`, "atendemos empresas de todo o Brasil"),
	)
	if got := model.last().Instructions; !strings.Contains(got, "empresa: "+editedTitle) {
		b.fail("the next turn uses the edit", fmt.Errorf("the model request after the edit does not list the edited package; its instructions:\n%s", got))
	}

	b.step("view the logs",
		chromedp.Click(chromedp.CSS(`[data-tab="logs"]`)),
		waitForText(`#log-list`, "knowledge package edited from the dashboard"),
		waitForText(`#log-list`, "fixtures replayed"),
	)

	if os.Getenv("UPDATE_SCREENSHOT") == "1" {
		// The README shows the conversation, its state and the replays;
		// the mouse moves off the tabs so none shows its hover colour.
		b.screenshot(filepath.Join(moduleRoot(t), "docs", "dashboard.png"),
			chromedp.Click(chromedp.CSS(`[data-tab="fixtures"]`)),
			chromedp.Evaluate[chromedp.Void](`document.activeElement.blur()`),
			chromedp.MouseEvent(chromedp.MouseMoved, 640, 790),
		)
	}
}

// findChromium returns Debian's Chromium, skipping the test without it
// locally and failing it in CI, which must run it.
func findChromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "chromium not found: install it (make chromium, or apt-get install -y chromium) to run the dashboard's browser test"
	if os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// startApp runs the whole application on 127.0.0.1 with a memory table, the
// messaging stub, a writable CONTENT_DIR, model as the model and a log ring,
// and stops it at cleanup.
func startApp(t *testing.T, model agent.Model) string {
	t.Helper()
	env := map[string]string{
		"DEV_UI_ENABLED": "true", "CONTENT_DIR": t.TempDir(),
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false", "HANDOFF_NOTIFIER_ENABLED": "false",
	}
	cfg, err := config.Load(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	logger, ring, err := logging.New(logging.Options{Output: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	app, err := runtime.New(context.Background(), cfg, runtime.WithLogRing(logger, ring), runtime.Options{Table: memory.New(), Model: model})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		_ = app.Close()
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- app.Run(ctx, ln) }()
	t.Cleanup(func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("the application did not stop cleanly: %v", err)
		}
	})
	return "http://" + ln.Addr().String()
}

// browser is one headless Chromium with a fresh profile, closed at cleanup.
// It collects the page's uncaught script errors: every step fails on one.
type browser struct {
	t   *testing.T
	ctx context.Context

	watching sync.WaitGroup
	mu       sync.Mutex
	errors   []string
}

func newBrowser(t *testing.T, chromium string) *browser {
	t.Helper()
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chromium),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 800),
	)
	ctx, cancel := chromedp.NewContext(allocCtx)
	b := &browser{t: t, ctx: ctx}
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
		b.watching.Wait()
	})
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 800)); err != nil {
		t.Fatalf("starting %s: %v", chromium, err)
	}
	thrown := chromedp.Events(ctx, cdpruntime.ExceptionThrown)
	b.watching.Go(func() {
		for ev, err := range thrown { // ends when the browser closes
			if err != nil {
				return
			}
			d := ev.ExceptionDetails
			text := d.Text
			if d.Exception != nil && d.Exception.Description != "" {
				text = d.Exception.Description
			}
			b.mu.Lock()
			b.errors = append(b.errors, fmt.Sprintf("%s (%s:%d)", text, d.URL, d.LineNumber+1))
			b.mu.Unlock()
		}
	})
	return b
}

// scriptErrors returns the uncaught script errors so far.
func (b *browser) scriptErrors() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.errors) == 0 {
		return nil
	}
	return fmt.Errorf("the page threw:\n%s", strings.Join(b.errors, "\n"))
}

// stepTimeout bounds one step; replays and a few turns take a second or two.
const stepTimeout = 45 * time.Second

// step runs actions, and on failure saves a screenshot and fails the test.
func (b *browser) step(name string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, stepTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		b.fail(name, err)
	}
	if err := b.scriptErrors(); err != nil {
		b.fail(name, err)
	}
}

// fail saves what the browser shows under test-artifacts/ and fails the test.
func (b *browser) fail(step string, err error) {
	b.t.Helper()
	name := strings.NewReplacer(" ", "-", "/", "-").Replace(b.t.Name() + "-" + step)
	path := filepath.Join(moduleRoot(b.t), "test-artifacts", name+".png")
	if shotErr := b.capture(path); shotErr != nil {
		b.t.Fatalf("%s: %v (no screenshot: %v)", step, err, shotErr)
	}
	b.t.Fatalf("%s: %v (screenshot: %s)", step, err, path)
}

// screenshot runs prepare, then saves the viewport to path.
func (b *browser) screenshot(path string, prepare ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, stepTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, prepare...); err != nil {
		b.t.Fatal(err)
	}
	if err := b.capture(path); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("wrote %s", path)
}

func (b *browser) capture(path string) error {
	ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, png, 0o644)
}

// say sends text as the customer from the chat box.
func say(text string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.SendKeys(chromedp.CSS(`#message`), text),
		chromedp.Click(chromedp.CSS(`#send`)),
	)
}

// waitFor polls a JavaScript condition until it holds.
func waitFor(js string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](js, chromedp.WithPollingInterval(50*time.Millisecond))
}

// waitForText waits until the element of selector contains text, and says
// what it held instead when it never does.
func waitForText(selector, text string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && e.textContent.includes(%q); })()`, selector, text)
		if _, err := waitFor(js)(ctx, t); err != nil {
			got, _ := chromedp.Evaluate[string](fmt.Sprintf(`(document.querySelector(%q) || {textContent: '(no element)'}).textContent`, selector))(context.WithoutCancel(ctx), t)
			return fmt.Errorf("%s never contained %q (it holds %q): %w", selector, text, clip(got), err)
		}
		return nil
	})
}

// expect evaluates js and compares its value with want.
func expect[T comparable](js string, want T) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		got, err := chromedp.Evaluate[T](js)(ctx, t)
		if err != nil {
			return err
		}
		if got != want {
			return fmt.Errorf("%s = %v, want %v", js, got, want)
		}
		return nil
	})
}

func clip(s string) string {
	if r := []rune(s); len(r) > 300 {
		return string(r[:300]) + "…"
	}
	return s
}

// moduleRoot is the folder of go.mod, where test-artifacts/ and docs/ live.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		} else if !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test")
		}
		dir = parent
	}
}
