package admin

import (
	"context"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/http/login"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/settings"
)

// AuditPath is the audit page: who did what, when and from where.
//
//	GET /admin/audit?from=…&to=…&who=…&action=…   the page (local dates)
//	GET /admin/api/audit?from=…&to=…&who=…&action=… the same as JSON (UTC dates)
//
// from and to are dates (YYYY-MM-DD), both included, default the last seven
// days; who is an operator's phone or "api"; action an audit action.
const AuditPath = "/admin/audit"

// auditDays is the default range: today and the six days before.
const auditDays = 7

// withSource puts the client's address in the request's context, where
// settings.Live finds it for the audit entry of a save or restore.
func (h *Handler) withSource(c *fiber.Ctx) error {
	c.SetUserContext(settings.WithSource(c.UserContext(), login.Source(c, h.cfg.TrustedProxies)))
	return c.Next()
}

// who is the Who of the request's actions: "api" on the key-checked API,
// else the admin's phone (settings' author).
func (h *Handler) who(c *fiber.Ctx) string {
	if strings.HasPrefix(c.Path(), apiPrefix+"/") {
		return persistence.AuditAPI
	}
	return h.author(c)
}

// audit records action on phone's data (empty when none) naming target,
// filling in who (the logged-in admin, or "api" for the key), when and
// from where; export and erasure of a person record theirs through it. Best
// effort: the action is done, and a trail that could not be written is
// a warning, not a failure of what it records. The warning names no phone.
func (h *Handler) audit(c *fiber.Ctx, action persistence.AuditAction, phone, target string) {
	h.auditAs(c, h.who(c), action, phone, target)
}

func (h *Handler) auditAs(c *fiber.Ctx, who string, action persistence.AuditAction, phone, target string) {
	e := persistence.AuditEntry{ID: uuid.NewString(), At: h.cfg.Now(), Who: who, Action: action,
		Phone: phone, Target: target, Source: login.Source(c, h.cfg.TrustedProxies)}
	ctx, cancel := context.WithTimeout(c.UserContext(), h.cfg.StoreTimeout)
	defer cancel()
	if err := h.audits.Record(ctx, e); err != nil {
		h.logger.Warn("audit entry not stored", zap.String("action", string(action)), zap.Error(err))
	}
}

// auditQuery is a listing's filter as given; zone reads its dates.
func (h *Handler) auditQuery(c *fiber.Ctx, zone *time.Location) (persistence.AuditFilter, error) {
	today := h.cfg.Now().In(zone)
	today = time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, zone)
	f := persistence.AuditFilter{From: today.AddDate(0, 0, -(auditDays - 1)), To: today.AddDate(0, 0, 1),
		Who: strings.TrimSpace(c.Query("who")), Action: persistence.AuditAction(c.Query("action"))}
	for name, at := range map[string]*time.Time{"from": &f.From, "to": &f.To} {
		raw := c.Query(name)
		if raw == "" {
			continue
		}
		day, err := time.ParseInLocation(time.DateOnly, raw, zone)
		if err != nil {
			return f, answer(httperr.Write(c, fiber.StatusBadRequest, "invalid_date", name+" must be a date, YYYY-MM-DD"))
		}
		if name == "to" {
			day = day.AddDate(0, 0, 1)
		}
		*at = day
	}
	if f.Who != "" && f.Who != persistence.AuditAPI {
		p, err := phone(c, f.Who)
		if err != nil {
			return f, err
		}
		f.Who = p
	}
	return f, nil
}

// AuditList is the answer of GET /admin/api/audit: newest first; More says
// older entries of the range were left out (narrow it).
type AuditList struct {
	Entries []persistence.AuditEntry `json:"entries"`
	More    bool                     `json:"more"`
}

// getAudit serves GET /admin/api/audit.
func (h *Handler) getAudit(c *fiber.Ctx) error {
	f, err := h.auditQuery(c, time.UTC)
	if err != nil {
		return done(err)
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	entries, more, err := h.audits.List(ctx, f)
	if err != nil {
		return h.internal(c, "audit list failed", err)
	}
	return c.JSON(AuditList{Entries: entries, More: more})
}
