// Package browsertest drives headless Chromium (Debian's chromium, installed
// by `make test`) with chromedp for the browser tests of the dashboard, the
// operator console and a newcomer's first hour: it starts a browser with a
// fresh profile per test, runs named steps that fail with a screenshot under
// test-artifacts/, and collects the page's uncaught script errors, which fail
// every step. Tests only: nothing outside _test.go files imports it.
package browsertest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Chromium returns Debian's Chromium, skipping the test without it
// locally and failing it in CI, which must run it.
func Chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "chromium not found: install it (make chromium, or apt-get install -y chromium) to run the browser tests"
	if os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// Browser is one headless Chromium with a fresh profile, closed at cleanup.
// It collects the page's uncaught script errors: every step fails on one.
type Browser struct {
	t   *testing.T
	ctx context.Context

	watching sync.WaitGroup
	mu       sync.Mutex
	errors   []string
}

// New starts chromium headless for t; t's cleanup closes it.
func New(t *testing.T, chromium string) *Browser {
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
		chromedp.Flag("disable-dev-shm-usage", true), // containers' /dev/shm is small
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 800),
	)
	ctx, cancel := chromedp.NewContext(allocCtx)
	b := &Browser{t: t, ctx: ctx}
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

// Start starts headless Chromium for t and returns the context its actions
// run in (chromedp.Run), for tests that drive the page step by step
// themselves.
func Start(t *testing.T) context.Context { return New(t, Chromium(t)).ctx }

// scriptErrors returns the uncaught script errors so far.
func (b *Browser) scriptErrors() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.errors) == 0 {
		return nil
	}
	return fmt.Errorf("the page threw:\n%s", strings.Join(b.errors, "\n"))
}

// stepTimeout bounds one step; replays and a few turns take a second or two.
const stepTimeout = 45 * time.Second

// Step runs actions, and on failure saves a screenshot and fails the test.
func (b *Browser) Step(name string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, stepTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		b.Fail(name, err)
	}
	if err := b.scriptErrors(); err != nil {
		b.Fail(name, err)
	}
}

// Fail saves what the browser shows under test-artifacts/ and fails the test.
func (b *Browser) Fail(step string, err error) {
	b.t.Helper()
	name := strings.NewReplacer(" ", "-", "/", "-").Replace(b.t.Name() + "-" + step)
	path := filepath.Join(ModuleRoot(b.t), "test-artifacts", name+".png")
	if shotErr := b.Capture(path); shotErr != nil {
		b.t.Fatalf("%s: %v (no screenshot: %v)", step, err, shotErr)
	}
	b.t.Fatalf("%s: %v (screenshot: %s)", step, err, path)
}

// Screenshot runs prepare, then saves the viewport to path.
func (b *Browser) Screenshot(path string, prepare ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, stepTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, prepare...); err != nil {
		b.t.Fatal(err)
	}
	if err := b.Capture(path); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("wrote %s", path)
}

// Capture saves the viewport as a PNG at path, creating its folder.
func (b *Browser) Capture(path string) error {
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

// Say sends text as the customer from the chat box.
func Say(text string) chromedp.Action[chromedp.Void] {
	return chromedp.Steps(
		chromedp.SendKeys(chromedp.CSS(`#message`), text),
		chromedp.Click(chromedp.CSS(`#send`)),
	)
}

// WaitFor polls a JavaScript condition until it holds.
func WaitFor(js string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](js, chromedp.WithPollingInterval(50*time.Millisecond))
}

// WaitForText waits until the element of selector contains text, and says
// what it held instead when it never does.
func WaitForText(selector, text string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		js := fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && e.textContent.includes(%q); })()`, selector, text)
		if _, err := WaitFor(js)(ctx, t); err != nil {
			got, _ := chromedp.Evaluate[string](fmt.Sprintf(`(document.querySelector(%q) || {textContent: '(no element)'}).textContent`, selector))(context.WithoutCancel(ctx), t)
			return fmt.Errorf("%s never contained %q (it holds %q): %w", selector, text, clip(got), err)
		}
		return nil
	})
}

// Expect evaluates js and compares its value with want.
func Expect[T comparable](js string, want T) chromedp.Action[chromedp.Void] {
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

// ModuleRoot is the folder of go.mod, where test-artifacts/ and docs/ live.
func ModuleRoot(t *testing.T) string {
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

// String evaluates js in the page and returns its string value, failing the
// test (with a screenshot) when it cannot.
func (b *Browser) String(js string) string {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, stepTimeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
	if err != nil {
		b.Fail("evaluate "+js, err)
	}
	return v
}
