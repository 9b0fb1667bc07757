package admin

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/locale"
)

//go:embed templates/*.html
var embedded embed.FS

// pages holds one parsed template set per page, each the layout plus the
// page's "title" and "content".
type pages struct {
	byName map[string]*template.Template
	loc    locale.Locale
}

// pageNames are the page templates beside templates/layout.html and the
// parts every page may use (templates/_*.html).
var pageNames = []string{"overview", "sessions", "demands", "costs", "alerts", "people", "login", "code", "settings",
	"settings-crm", "settings-prompts", "settings-business", "settings-hours", "settings-catalogue", "settings-knowledge", "settings-package",
	"settings-replies", "refused", "audit", "person", "reports"}

// loadPages parses the pages with loc's texts and dates (t, datetime,
// date, label, duration) besides the admin's own functions: stored codes
// in words (reason, alertKind), numbers as people type them in
// defaultCountry (typed), report days as dates (day). loggedIn says
// whether the pages are behind a login (and so offer a logout).
func loadPages(loc locale.Locale, defaultCountry string, loggedIn bool) (*pages, error) {
	files, err := fs.Sub(embedded, "templates")
	if err != nil {
		return nil, err
	}
	funcs := template.FuncMap(loc.Funcs())
	for name, fn := range map[string]any{
		"lang":      func() string { return string(loc.Lang) },
		"stamp":     func(t time.Time) string { return t.UTC().Format(time.RFC3339) },
		"join":      strings.Join,
		"loggedIn":  func() bool { return loggedIn },
		"hasPrefix": strings.HasPrefix,
		"reason":    func(r domain.HandoffReason) string { return handoff.ReasonText(loc, r) },
		"alertKind": func(kind string) string { return loc.Label("admin.alerts.kind", kind) },
		"typed":     func(phone string) string { return messaging.AsTyped(phone, defaultCountry) },
		"day": func(day string) string {
			// A report day is a UTC date: at noon it is the same date in
			// every zone of the Americas and Europe.
			if t, err := time.Parse(time.DateOnly, day); err == nil {
				return loc.Date(t.Add(12 * time.Hour))
			}
			return day
		},
		"console":     atendimento.ConversationURL,
		"customer":    handoff.CustomerName,
		"consoleHome": func() string { return atendimento.BasePath },
		"cost": func(c *float64) string {
			if c == nil {
				return "—"
			}
			return fmt.Sprintf("%.4f", *c)
		},
	} {
		funcs[name] = fn
	}
	p := &pages{byName: map[string]*template.Template{}, loc: loc}
	for _, name := range pageNames {
		t, err := template.New(name).Funcs(funcs).ParseFS(files, "layout.html", "_*.html", name+".html")
		if err != nil {
			return nil, fmt.Errorf("admin: template %s: %w", name, err)
		}
		p.byName[name] = t
	}
	return p, nil
}

// page is what every page template receives.
type page struct {
	Page  string
	Data  any
	Limit int
	Kinds []string
	// Scan is the report's table read, when it scanned.
	Scan ScanInfo
}

// render executes a page into a buffer first, so a template error answers
// 500 instead of half a page.
func (p *pages) render(c *fiber.Ctx, data page) error {
	var buf bytes.Buffer
	if err := p.byName[data.Page].ExecuteTemplate(&buf, "layout", data); err != nil {
		return err
	}
	c.Type("html", "utf-8")
	return c.Send(buf.Bytes())
}

// overviewPage serves GET /admin.
func (h *Handler) overviewPage(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), reportTimeout)
	defer cancel()
	o, err := h.overview(ctx)
	if err != nil {
		return h.internal(c, "overview failed", err)
	}
	o.Retention = retentionLines(h.pages.loc, h.cfg.DataRetention)
	return h.pages.render(c, page{Page: "overview", Data: o, Scan: o.Scan})
}

// demandsPage serves GET /admin/demands.
func (h *Handler) demandsPage(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	ds, err := h.demands.List(ctx, maxDemands)
	if err != nil {
		return h.internal(c, "demand list failed", err)
	}
	return h.pages.render(c, page{Page: "demands", Data: ds, Limit: maxDemands})
}

// costsPage serves GET /admin/llm-costs[?days=N].
func (h *Handler) costsPage(c *fiber.Ctx) error {
	return h.withCostReport(c, func(r CostReport) error {
		return h.pages.render(c, page{Page: "costs", Data: r, Scan: r.Scan})
	})
}

// alertKinds orders the alert counts on the page.
var alertKinds = []string{AlertProjectionBlocked, AlertProjectionUncertain, AlertHandoffUnattended, AlertModelFailure, AlertSendFailure}

// alertsPage serves GET /admin/alerts.
func (h *Handler) alertsPage(c *fiber.Ctx) error {
	ctx, cancel := context.WithTimeout(c.UserContext(), reportTimeout)
	defer cancel()
	r, err := h.alerts(ctx)
	if err != nil {
		return h.internal(c, "alert report failed", err)
	}
	return h.pages.render(c, page{Page: "alerts", Data: r, Kinds: alertKinds, Scan: r.Scan})
}
