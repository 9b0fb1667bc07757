package admin

import (
	"context"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/persistence"
)

// auditView is what the audit page shows: the filter as given, the entries
// newest first, and the roster for names.
type auditView struct {
	From, To, Who, Action string
	Actions               []persistence.AuditAction
	People                []persistence.OperatorRecord
	Entries               []persistence.AuditEntry
	More                  bool
	names                 map[string]string
	country               string
	// api and dev are the key's and the open pages' Who in words.
	api, dev string
}

// Name is who as people know them: the roster's name, the API key in
// words, else the number as typed.
func (v auditView) Name(who string) string {
	switch {
	case who == "":
		return "—"
	case who == persistence.AuditAPI:
		return v.api
	case who == "dev":
		return v.dev
	case v.names[who] != "":
		return v.names[who]
	}
	return messaging.AsTyped(who, v.country)
}

// Typed is a phone as people type it.
func (v auditView) Typed(phone string) string { return messaging.AsTyped(phone, v.country) }

// auditPage serves GET /admin/audit.
func (h *Handler) auditPage(c *fiber.Ctx) error {
	f, err := h.auditQuery(c, h.cfg.Zone)
	if err != nil {
		return done(err)
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	entries, more, err := h.audits.List(ctx, f)
	if err != nil {
		return h.internal(c, "audit list failed", err)
	}
	roster, err := persistence.NewOperatorRoster(h.table).List(ctx)
	if err != nil {
		return h.internal(c, "operator list failed", err)
	}
	v := auditView{
		From: f.From.In(h.cfg.Zone).Format("2006-01-02"), To: f.To.In(h.cfg.Zone).AddDate(0, 0, -1).Format("2006-01-02"),
		Who: f.Who, Action: string(f.Action), Actions: persistence.AuditActions, People: roster,
		Entries: entries, More: more, names: map[string]string{}, country: h.cfg.DefaultCountry,
		api: h.pages.loc.T("admin.audit.api"), dev: h.pages.loc.T("admin.audit.dev"),
	}
	for _, o := range roster {
		v.names[o.Phone] = o.Name
	}
	return h.pages.render(c, page{Page: "audit", Data: v})
}
