// Package browsertest starts headless Chromium for browser tests (chromedp):
// Debian's chromium, installed by `make test`, with a fresh profile per
// test. Without it a test skips locally and fails in CI.
//
// It is test support only; production code never imports it.
package browsertest

import (
	"context"
	"os"
	"testing"

	"github.com/chromedp/chromedp"
)

// Chromium is where `make chromium` (apt-get install chromium) puts it.
const Chromium = "/usr/bin/chromium"

// Start starts headless Chromium for t. The returned context has run once,
// so actions may derive timeouts from it; t's cleanup closes the browser and
// waits for its process.
func Start(t testing.TB) context.Context {
	t.Helper()
	if _, err := os.Stat(Chromium); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("browser tests need %s in CI: %v", Chromium, err)
		}
		t.Skipf("browser test skipped: %s not found (install it with: sudo apt-get install -y chromium, or run make chromium)", Chromium)
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(Chromium),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 900),
	)
	ctx, cancelCtx := chromedp.NewContext(allocCtx)
	t.Cleanup(func() {
		cancelCtx()
		cancelAlloc()
	})
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("start %s: %v", Chromium, err)
	}
	return ctx
}
