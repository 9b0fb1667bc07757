package dashboard

import (
	"errors"
	"strings"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/http/httperr"
)

// Catalogue is the service catalogue as the Catalogue tab edits it;
// *content.Store implements it. WriteCatalogue validates before the edit
// takes effect (content.ErrInvalidCatalogue) and keeps the replaced version.
type Catalogue interface {
	CatalogueText() string
	WriteCatalogue(text string) error
	CatalogueVersions() ([]string, error)
	CatalogueVersion(name string) (string, error)
}

// catalogue serves GET /dashboard/catalogue: the YAML in use, the kept
// versions (oldest first) and whether edits can be saved.
func (h *Handler) catalogue(c *fiber.Ctx) error {
	versions, err := h.deps.Catalogue.CatalogueVersions()
	if err != nil {
		h.logger.Error("catalogue versions not read", zap.Error(err))
		return httperr.Write(c, fiber.StatusInternalServerError, "versions_unreadable", err.Error())
	}
	m := h.writable()
	m["content"], m["versions"] = h.deps.Catalogue.CatalogueText(), append([]string{}, versions...)
	return c.JSON(m)
}

// catalogueVersion serves GET /dashboard/catalogue/versions/{name}: one kept
// version's text, to compare or to save again.
func (h *Handler) catalogueVersion(c *fiber.Ctx) error {
	name := strings.Clone(c.Params("name"))
	text, err := h.deps.Catalogue.CatalogueVersion(name)
	switch {
	case errors.Is(err, content.ErrUnknownVersion):
		return httperr.Write(c, fiber.StatusNotFound, "unknown_version", "no kept catalogue version "+name)
	case err != nil:
		return httperr.Write(c, fiber.StatusInternalServerError, "version_unreadable", err.Error())
	}
	return c.JSON(fiber.Map{"name": name, "content": text})
}

// writeCatalogue serves POST /dashboard/catalogue with the new YAML (form
// field content or {"content": "..."}). The edit is checked before it takes
// effect: a catalogue that does not parse, or whose services name a
// knowledge package that does not exist, answers 422 with the reason and
// changes nothing.
func (h *Handler) writeCatalogue(c *fiber.Ctx) error {
	text, err := bodyContent(c)
	if err != nil {
		return httperr.Write(c, fiber.StatusBadRequest, "bad_body", err.Error())
	}
	err = h.deps.Catalogue.WriteCatalogue(text)
	switch {
	case errors.Is(err, content.ErrReadOnly):
		return httperr.Write(c, fiber.StatusConflict, "content_read_only",
			"the catalogue is read-only in this process: set CONTENT_DIR to a writable folder and restart once")
	case errors.Is(err, content.ErrInvalidCatalogue):
		return httperr.Write(c, fiber.StatusUnprocessableEntity, "invalid_catalogue", err.Error())
	case err != nil:
		h.logger.Error("catalogue write failed", zap.Error(err))
		return httperr.Write(c, fiber.StatusInternalServerError, "write_failed", err.Error())
	}
	h.logger.Info("catalogue edited from the dashboard", zap.Int("bytes", len(text)))
	return h.catalogue(c)
}
