package admin_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/internal/browsertest"
	"github.com/intake-runtime/intake/persistence"
)

// writeScreenshot, set to 1, makes TestReportsPageInABrowser write the
// page as docs/reports.png (go test -run TestReportsPageInABrowser
// ./http/admin/ with INTAKE_WRITE_SCREENSHOT=1).
const writeScreenshot = "INTAKE_WRITE_SCREENSHOT"

// The owner reads a month of figures on a phone: both charts drawn, every
// table either fits or scrolls in its own box, nothing for axe to flag;
// switching to weeks keeps the filter.
func TestReportsPageInABrowser(t *testing.T) {
	chromium, axe := browsertest.Chromium(t), browsertest.AxeSource(t)
	f := newFixture(t, admin.Config{Reports: &fixedReports{}, ReportRefresher: &refresher{}})
	f.putOperator(persistence.OperatorRecord{Phone: "+5511988887777", Name: "Maria Aparecida", UpdatedAt: now})
	base := serve(t, f)
	b := browsertest.New(t, chromium)
	b.Step("open the reports at 390 px",
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(base+admin.ReportsPath),
		chromedp.WaitVisible(chromedp.CSS("#funnel-chart")),
		browsertest.Expect(`document.querySelectorAll("#funnel-chart rect").length`, 7),
		browsertest.Expect(`document.querySelectorAll("#period-chart rect").length`, 60),
		browsertest.Expect(`document.querySelectorAll("#table-periods tr").length`, 31),
		browsertest.Axe(axe),
		browsertest.Expect(fits, true),
	)
	b.Step("group by week",
		chromedp.SetValue(chromedp.CSS(`select[name=by]`), "week"),
		chromedp.Click(chromedp.CSS(`form.filters button[type=submit]`)),
		chromedp.WaitReady(chromedp.CSS(`select[name=by] option[value=week][selected]`)), // the week page: the day page stays visible until it loads
		browsertest.Expect(`document.querySelector("#table-periods tr:nth-child(2) th").textContent.startsWith("Semana de")`, true),
		browsertest.Expect(fits, true),
	)
	if os.Getenv(writeScreenshot) != "1" {
		return
	}
	// The viewport is the screenshot: tall enough for the charts and the
	// first tables.
	b.Screenshot(filepath.Join("..", "..", "docs", "reports.png"),
		chromedp.EmulateViewport(1280, 2000),
		chromedp.Navigate(base+admin.ReportsPath+"?by=week&from=2025-01-13&to=2025-03-09"),
		chromedp.WaitVisible(chromedp.CSS("#funnel-chart")),
	)
}
