package runtime

import (
	"net"
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
//     (/admin/settings/…), the audit page (/admin/audit) and a person's
//     data (/admin/person, its export and erasure). POST /admin/reset and
//     the prompt editor under /admin/prompts stay development surfaces.
var (
	operationalPaths = []string{"/healthz", "/readyz",
		"/admin", "/admin/sessions", "/admin/demands", "/admin/llm-costs", "/admin/alerts",
		admin.LoginPath, admin.VerifyPath, admin.LogoutPath, admin.SettingsPath, admin.AuditPath, admin.PersonPath}
	operationalPrefixes = []string{"/webhook", "/atendimento", "/admin/api/", admin.PeoplePath + "/", admin.SettingsPath + "/",
		admin.PersonPath + "/"}
)

// devGate is the development gate, the first handler of every request. With
// DEV_UI_ENABLED=false only the operational routes pass and every other
// path answers 404 in the error shape, so a development route added later is
// gated without anyone remembering to gate it: it is an allowlist.
//
// With DEV_UI_ENABLED=true the development surfaces answer only the hosts
// of DEV_ALLOWED_HOSTS; another Host answers 421 (misdirected). A page on a
// DNS-rebound name (evil.example resolving to 127.0.0.1) is same-origin with
// itself, so the same-origin check alone would let it drive the dashboard;
// its Host header still names it, and that is refused here.
func (a *App) devGate() fiber.Handler {
	paths := operationalPaths
	if a.cfg.Metrics.Token.Reveal() != "" {
		paths = append(slices.Clone(paths), metricsPath)
	}
	allowed := allowedHosts(a.cfg.DevUI.AllowedHosts)
	enabled := a.cfg.DevUI.Enabled
	return func(c *fiber.Ctx) error {
		switch {
		case operational(c.Path(), paths):
			return c.Next()
		case !enabled:
			return httperr.Write(c, fiber.StatusNotFound, "not_found", "not found")
		case !allowed(string(c.Request().Host())): // never X-Forwarded-Host: a page's script may set it
			return httperr.Write(c, fiber.StatusMisdirectedRequest, "host_not_allowed",
				"development surfaces answer only the hosts in DEV_ALLOWED_HOSTS")
		}
		return c.Next()
	}
}

// allowedHosts reports whether a Host header names one of hosts: without
// its port, case-insensitively (an IPv6 literal keeps its brackets off).
func allowedHosts(hosts []string) func(host string) bool {
	set := make(map[string]bool, len(hosts))
	for _, h := range hosts {
		set[strings.ToLower(strings.Trim(h, "[]"))] = true
	}
	return func(host string) bool {
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		return set[strings.ToLower(strings.Trim(host, "[]"))]
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
