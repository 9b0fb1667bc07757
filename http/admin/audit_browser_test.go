package admin_test

import (
	"net/url"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/internal/browsertest"
	"github.com/intake-runtime/intake/persistence"
)

// On a 390 px phone the owner reads the audit in pt-BR, newest first: who
// by name, the action in words, the time in the business's zone; filtering
// by who keeps that person's actions. axe finds nothing serious.
func TestAuditPageAt390px(t *testing.T) {
	chromium := browsertest.Chromium(t)
	axe := browsertest.AxeSource(t)
	f := newFixture(t, admin.Config{})
	op := "+5511988887777"
	f.putOperator(persistence.OperatorRecord{Phone: op, Name: "Maria", UpdatedAt: now})
	f.auditSeed(
		persistence.AuditEntry{Who: op, Action: persistence.AuditLogin, Source: "203.0.113.7"},
		persistence.AuditEntry{Who: op, Action: persistence.AuditTransfer, Phone: "+5511977776666", Target: op},
		persistence.AuditEntry{Who: persistence.AuditAPI, Action: persistence.AuditSettings, Target: "business v2"},
	)
	base := serve(t, f)

	rows := `[...document.querySelectorAll("#audit tr:not(.head)")]`
	b := browsertest.New(t, chromium)
	b.Step("open the audit page at 390 px",
		chromedp.EmulateViewport(390, 800),
		chromedp.Navigate(base+admin.AuditPath),
		chromedp.WaitVisible(chromedp.CSS("#audit")),
		browsertest.Expect(rows+`.map((r) => r.querySelector(".action").textContent).join("|")`,
			"Alterou configuração|Transferiu a conversa|Entrou no console"),
		// 09:00 UTC on 10 March 2025 is 06:00 in São Paulo.
		browsertest.Expect(rows+`[2].textContent.includes("06:00")`, true),
		browsertest.Expect(rows+`[2].textContent.includes("Maria")`, true),
		browsertest.Expect(rows+`[0].textContent.includes("Chave da API")`, true),
		browsertest.Expect(rows+`[1].textContent.includes("(11) 97777-6666")`, true),
		browsertest.Expect(fits, true),
		browsertest.Axe(axe),
	)
	b.Step("filter by who",
		chromedp.Navigate(base+admin.AuditPath+"?who="+url.QueryEscape(op)),
		chromedp.WaitVisible(chromedp.CSS(`#audit`)),
		browsertest.Expect(rows+`.length`, 2),
		browsertest.Expect(`document.querySelector("select[name=who]").selectedOptions[0].textContent`, "Maria"),
		browsertest.Expect(fits, true),
	)
}
