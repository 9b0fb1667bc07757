package runtime

import (
	"path"
	"slices"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/http/httperr"
)

// Routes every deployment serves, whatever DEV_UI_ENABLED says (spec
// "Development gate"). Everything else is a development surface.
//
//   - operationalPaths match exactly: /healthz proves the process answers,
//     /readyz that it can serve (the table answers). Neither is a
//     development tool, and both are what a load balancer needs in
//     production, so they pass. /metrics passes too when METRICS_TOKEN
//     guards it (metricsaccess.go); unguarded, it lists internal figures to
//     anyone, so it is then a development surface like the others.
//   - operationalPrefixes match any path starting with them, as the spec
//     writes /webhook* and /atendimento*; /admin/api/ passes whole, its
//     handlers check the admin key themselves.
//   - the admin pages and their login pass too: behind the owners' login
//     (ADMIN_PHONES) they are how an owner runs the business; the people
//     page passes as a prefix, for its per-person forms
//     (/admin/people/{phone}), and so do the settings pages
//     (/admin/settings/…), and the audit page (/admin/audit). POST /admin/reset and the prompt editor under /admin/prompts stay development
//     surfaces.
var (
	operationalPaths = []string{"/healthz", "/readyz",
		"/admin", "/admin/sessions", "/admin/demands", "/admin/llm-costs", "/admin/alerts",
		admin.LoginPath, admin.VerifyPath, admin.LogoutPath, admin.SettingsPath, admin.AuditPath}
	operationalPrefixes = []string{"/webhook", "/atendimento", "/admin/api/", admin.PeoplePath + "/", admin.SettingsPath + "/"}
)

// devGate is the development gate, the first handler of every request. With
// DEV_UI_ENABLED=false only the operational routes pass and every other
// path answers 404 in the error shape, so a development route added later is
// gated without anyone remembering to gate it: it is an allowlist.
func (a *App) devGate() fiber.Handler {
	if a.cfg.DevUI.Enabled {
		return func(c *fiber.Ctx) error { return c.Next() }
	}
	paths := operationalPaths
	if a.cfg.Metrics.Token.Reveal() != "" {
		paths = append(slices.Clone(paths), metricsPath)
	}
	return func(c *fiber.Ctx) error {
		if operational(c.Path(), paths) {
			return c.Next()
		}
		return httperr.Write(c, fiber.StatusNotFound, "not_found", "not found")
	}
}

// operational reports whether p is an operational route, compared the way
// fiber routes (case-insensitive, trailing slash ignored). A path with dot
// or empty segments is never operational: no route matches it literally, and
// a prefix must not smuggle one past the gate.
func operational(p string, paths []string) bool {
	p = strings.ToLower(p)
	if len(p) > 1 {
		p = strings.TrimRight(p, "/")
	}
	if p == "" || path.Clean(p) != p {
		return false
	}
	for _, op := range paths {
		if p == op {
			return true
		}
	}
	for _, prefix := range operationalPrefixes {
		if strings.HasPrefix(p, prefix) || p+"/" == prefix {
			return true
		}
	}
	return false
}
