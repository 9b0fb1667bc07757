package runtime_test

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/internal/browsertest"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/runtime"
)

// The owner runs the roster from /admin (issue 31's acceptance): an admin
// seeded by ADMIN_PHONES alone (no OPERATOR_PHONES, no e-mail) logs in with
// the code the platform delivered, adds an operator on the people page,
// and that operator logs in to the console with their own code and is told
// of the next handoff, as the owner is (admins are operators too). The
// whole application runs in headless Chromium at 390 px with the
// development gate off.
func TestOwnerAddsAnOperatorWhoGetsTheNextHandoff(t *testing.T) {
	leaktest.Check(t)
	const (
		ownerTyped = "(11) 98888-7777"
		owner      = "+5511988887777"
		bruno      = "+5521977776666"
		customer   = "+5511955554444"
	)
	// The notices read the roster at most once per handoff.DefaultRosterTTL
	// per node; the clock runs with real time and jumps past that after the
	// owner adds Bruno, instead of the test sleeping.
	var ahead atomic.Int64
	now := func() time.Time { return time.Now().Add(time.Duration(ahead.Load())) }
	platform := newConsolePlatform(t)
	app := consoleAppWith(t, platform, nil, map[string]string{
		"DEV_UI_ENABLED": "false", "ADMIN_PHONES": ownerTyped, "HANDOFF_NOTIFIER_ENABLED": "true",
	}, runtime.Options{Now: now})
	base := consoleServe(t, app)

	chromium := browsertest.Chromium(t)
	ownerPhone := browsertest.New(t, chromium)
	adminLogIn(t, ownerPhone.Step, platform, base, ownerTyped, owner)
	ownerPhone.Step("add Bruno as an operator on the people page",
		chromedp.Navigate(base+"/admin/people"),
		chromedp.WaitVisible(chromedp.CSS("#add-phone")),
		chromedp.SendKeys(chromedp.CSS("#add-phone"), "(21) 97777-6666"),
		chromedp.SendKeys(chromedp.CSS("#add-name"), "Bruno"),
		chromedp.Click(chromedp.CSS(`form.card button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS("#people-flash")),
		browsertest.WaitForText("#people-flash", "(21) 97777-6666 foi adicionado(a)."),
		browsertest.Expect(`document.querySelector('li[id="person-+5521977776666"] .role').textContent`, "Atendente"),
		browsertest.Expect(`document.documentElement.scrollWidth <= window.innerWidth`, true),
	)
	ahead.Store(int64(handoff.DefaultRosterTTL + time.Second))

	operatorPhone := browsertest.New(t, chromium)
	consoleLogIn(t, operatorPhone.Step, platform, base, bruno)
	consoleHandOff(t, app, customer)
	for _, person := range []string{bruno, owner} {
		platform.waitText(t, messaging.Digits(person), func(s string) bool { return strings.Contains(s, customer) })
	}
}
