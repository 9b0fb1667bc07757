package admin_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/internal/browsertest"
)

// Every page an owner reads passes axe-core with no serious or critical
// finding and fits a 390 px phone, with data on it (the seeded reports) and
// at desktop width too.
func TestEveryOwnerPageIsAccessibleAndFitsAPhone(t *testing.T) {
	chromium, axe := browsertest.Chromium(t), browsertest.AxeSource(t)
	f := newFixture(t, admin.Config{MaxRenotifications: 3, Reports: &fixedReports{}})
	seedReports(f)
	base := serve(t, f)
	b := browsertest.New(t, chromium)
	for _, width := range []int64{390, 1280} {
		for _, path := range ownerPages {
			b.Step(fmt.Sprintf("%s at %d px", path, width),
				chromedp.EmulateViewport(width, 844),
				chromedp.Navigate(base+path),
				chromedp.WaitVisible(chromedp.CSS("main h1")),
				browsertest.Axe(axe),
				browsertest.Expect(fits, true),
			)
		}
	}
}
