package admin

import (
	"context"
	"errors"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/persistence"
)

// eraseTimeout bounds one erasure request. A person with years of messages
// may take longer; the erasure resumes where it stopped when asked again.
const eraseTimeout = 2 * time.Minute

// PersonExport is the answer of GET /admin/api/people/{phone}/export: every
// item held about the person, by kind, attributes as stored.
type PersonExport struct {
	PhoneNumber string                                      `json:"phone_number"`
	Forms       []string                                    `json:"forms"`
	Counts      map[persistence.PersonKind]int              `json:"counts"`
	Items       map[persistence.PersonKind][]map[string]any `json:"items"`
	// Records are the CRM and ERP records about the person, which an
	// erasure here does not reach.
	Records []persistence.ExternalRecord `json:"external_records"`
}

// ErasureAnswer is the answer of DELETE /admin/api/people/{phone}. No
// adapter deletes CRM or ERP records: Records lists what the business must
// delete there by hand.
type ErasureAnswer struct {
	persistence.Erasure
	DeleteInCRMAndERP bool `json:"delete_in_crm_and_erp"`
}

// personExport answers GET /admin/api/people/{phone}/export.
func (h *Handler) personExport(c *fiber.Ctx) error {
	p, err := phone(c, c.Params("phone"))
	if err != nil {
		return done(err)
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), apiTimeout)
	defer cancel()
	out, err := h.export(ctx, p)
	if err != nil {
		return h.personFailed(c, "export failed", err)
	}
	h.audit(c, persistence.AuditExport, p, "")
	return c.JSON(out)
}

func (h *Handler) export(ctx context.Context, canonical string) (PersonExport, error) {
	forms := messaging.PhoneForms(canonical)
	data, err := h.people.Find(ctx, forms)
	if err != nil {
		return PersonExport{}, err
	}
	items, err := data.Export()
	if err != nil {
		return PersonExport{}, err
	}
	records := data.ExternalRecords()
	if records == nil {
		records = []persistence.ExternalRecord{}
	}
	return PersonExport{PhoneNumber: canonical, Forms: forms, Counts: data.Counts(), Items: items, Records: records}, nil
}

// personErase answers DELETE /admin/api/people/{phone}: the erasure, asked
// by "api" (the admin key names no one).
func (h *Handler) personErase(c *fiber.Ctx) error {
	p, err := phone(c, c.Params("phone"))
	if err != nil {
		return done(err)
	}
	e, err := h.erase(c, p, "api")
	if err != nil {
		return h.personFailed(c, "erasure failed; ask again to finish it", err)
	}
	return c.JSON(fiber.Map{"erasure": e})
}

// erase erases the person at canonical and records it in the audit trail
// by the tombstone's hash: an entry naming the phone would be a copy of what
// was just erased.
func (h *Handler) erase(c *fiber.Ctx, canonical, by string) (ErasureAnswer, error) {
	ctx, cancel := context.WithTimeout(c.UserContext(), eraseTimeout)
	defer cancel()
	e, err := h.people.Erase(ctx, messaging.PhoneForms(canonical), by, h.cfg.Now())
	if err != nil {
		return ErasureAnswer{}, err
	}
	h.logger.Info("person erased", zap.String("phone_hash", e.PhoneHash), zap.Int("items", e.Items), zap.Int("external_records", len(e.Records)))
	h.audit(c, persistence.AuditErase, "", e.PhoneHash)
	return ErasureAnswer{Erasure: e, DeleteInCRMAndERP: len(e.Records) > 0}, nil
}

// personFailed logs a failure without the path (it holds the phone) and
// answers 500, or 504 when the request ran out of time.
func (h *Handler) personFailed(c *fiber.Ctx, what string, err error) error {
	h.logger.Error(what, zap.Error(err))
	if errors.Is(err, context.DeadlineExceeded) {
		return httperr.Write(c, fiber.StatusGatewayTimeout, "timeout", what)
	}
	return httperr.Write(c, fiber.StatusInternalServerError, "internal", what)
}
