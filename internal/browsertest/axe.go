package browsertest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// AxeSource reads axe-core's script, which `make test` installs under
// tools/testservers; without it the test skips locally and fails in CI.
func AxeSource(t *testing.T) string {
	t.Helper()
	path := filepath.Join(ModuleRoot(t), "tools", "testservers", "node_modules", "axe-core", "axe.min.js")
	src, err := os.ReadFile(path)
	if err != nil {
		msg := "axe-core is not installed (run make testservers): " + err.Error()
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return string(src)
}

// axeViolation is one rule axe-core found broken, with the elements.
type axeViolation struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"`
	Help   string   `json:"help"`
	Nodes  []string `json:"nodes"`
}

// Axe loads axe-core (source, from AxeSource) into the page through the
// DevTools protocol, which a page's script-src 'self' does not govern, and
// fails on every violation of impact serious or critical.
func Axe(source string) chromedp.Action[chromedp.Void] { return AxeWithin(source, "") }

// AxeWithin is Axe on the part of the page a CSS selector names ("" is the
// whole page): a test of one addition to a page checks what it added.
func AxeWithin(source, selector string) chromedp.Action[chromedp.Void] {
	scope := "document"
	if selector != "" {
		scope = fmt.Sprintf("{include: [[%q]]}", selector)
	}
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := chromedp.Evaluate[chromedp.Void](source)(ctx, tg); err != nil {
			return fmt.Errorf("loading axe-core: %w", err)
		}
		found, err := chromedp.Evaluate[[]axeViolation](`axe.run(`+scope+`, {resultTypes: ["violations"]}).then((r) => r.violations.map((v) => ({
			id: v.id, impact: v.impact || "", help: v.help, nodes: v.nodes.map((n) => n.target.join(" ")) })))`, chromedp.EvalAwaitPromise)(ctx, tg)
		if err != nil {
			return fmt.Errorf("axe.run: %w", err)
		}
		var bad []string
		for _, v := range found {
			if v.Impact == "serious" || v.Impact == "critical" {
				bad = append(bad, fmt.Sprintf("%s (%s): %s at %s", v.ID, v.Impact, v.Help, strings.Join(v.Nodes, ", ")))
			}
		}
		if len(bad) > 0 {
			return fmt.Errorf("accessibility violations:\n%s", strings.Join(bad, "\n"))
		}
		return nil
	})
}
