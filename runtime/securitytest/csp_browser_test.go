package securitytest_test

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/internal/browsertest"
)

// recordViolations keeps every Content-Security-Policy violation of a page
// in window.__csp; the browser runs it before the page's own scripts,
// whatever the policy.
const recordViolations = `window.__csp = [];
document.addEventListener('securitypolicyviolation', e => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));`

// TestPagesWorkUnderTheirPolicy: every page in headless Chromium, its
// scripts running and its styles applied, breaks no rule of its own
// Content-Security-Policy: nothing the pages need is blocked.
func TestPagesWorkUnderTheirPolicy(t *testing.T) {
	tg := start(t, nil, nil)
	session := tg.login(t)
	ctx := browsertest.Start(t)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument,
		page.AddScriptToEvaluateOnNewDocumentParams{Source: recordViolations}); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, network.SetCookie,
		network.SetCookieParams{Name: atendimento.CookieName, Value: session, URL: tg.base}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []struct{ path, ready string }{
		{"/", "#chat-form"},
		{"/atendimento/", "#queue-rows"},
		{"/atendimento/conversations", "main"},
		{"/admin", "main"},
		{"/admin/people", "main"},
		{"/admin/settings", "main"},
		{"/admin/settings/hours", "main"},
		{"/admin/settings/prompts", "main"},
		{"/admin/settings/replies", "main"},
		{"/admin/settings/knowledge", "main"},
	} {
		var violations []string
		sctx, cancel := context.WithTimeout(ctx, 20*time.Second)
		err := chromedp.Do(sctx,
			chromedp.Navigate(tg.base+p.path),
			chromedp.WaitVisible(chromedp.CSS(p.ready)),
			chromedp.Sleep(300*time.Millisecond), // the scripts' first calls
			chromedp.Func(func(ctx context.Context, tg *chromedp.Target) (err error) {
				violations, err = chromedp.Evaluate[[]string](`window.__csp`)(ctx, tg)
				return err
			}),
		)
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", p.path, err)
		}
		if len(violations) > 0 {
			t.Errorf("%s broke its policy: %v", p.path, violations)
		}
	}
}
