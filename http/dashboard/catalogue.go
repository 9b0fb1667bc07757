package dashboard

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/settings"
)

// Catalogue is the service catalogue in use as the Catalogue tab shows it;
// *content.Store implements it.
type Catalogue interface {
	CatalogueText() string
}

// Settings are the versioned documents the owner edits in
// /admin/settings; *settings.Live implements it. The Catalogue and
// Knowledge tabs save through it (content.CatalogueDoc, content.PackageDocs
// + ID), so an edit here is a version like any other, checked, applied on
// every node and listed in /admin, never a file a stored version would
// silently hide.
type Settings interface {
	Save(ctx context.Context, doc, text, author string) (persistence.Version, error)
	History(ctx context.Context, doc string) ([]persistence.Version, error)
}

// author is who the versions saved here are by: the development runner.
const author = "dev"

// catalogue serves GET /dashboard/catalogue: the YAML in use and the
// stored versions by number, oldest first.
func (h *Handler) catalogue(c *fiber.Ctx) error {
	history, err := h.catalogueHistory(c)
	if err != nil {
		h.logger.Error("catalogue versions not read", zap.Error(err))
		return httperr.Write(c, fiber.StatusInternalServerError, "versions_unreadable", err.Error())
	}
	versions := make([]string, len(history))
	for i, v := range history {
		versions[len(history)-1-i] = strconv.Itoa(v.Version)
	}
	return c.JSON(fiber.Map{"writable": true, "content": h.deps.Catalogue.CatalogueText(), "versions": versions})
}

func (h *Handler) catalogueHistory(c *fiber.Ctx) ([]persistence.Version, error) {
	ctx, cancel := context.WithTimeout(c.UserContext(), h.cfg.Timeout)
	defer cancel()
	return h.deps.Settings.History(ctx, content.CatalogueDoc)
}

// catalogueVersion serves GET /dashboard/catalogue/versions/{name}: one
// stored version's text, to compare or to save again.
func (h *Handler) catalogueVersion(c *fiber.Ctx) error {
	name := strings.Clone(c.Params("name"))
	history, err := h.catalogueHistory(c)
	if err != nil {
		return httperr.Write(c, fiber.StatusInternalServerError, "version_unreadable", err.Error())
	}
	for _, v := range history {
		if strconv.Itoa(v.Version) == name {
			return c.JSON(fiber.Map{"name": name, "content": v.Text})
		}
	}
	return httperr.Write(c, fiber.StatusNotFound, "unknown_version", "no stored catalogue version "+name)
}

// writeCatalogue serves POST /dashboard/catalogue with the new YAML (form
// field content or {"content": "..."}), saved as the catalogue setting's
// next version. A catalogue that does not parse, or whose services name a
// knowledge package that does not exist, answers 422 with the reason and
// changes nothing.
func (h *Handler) writeCatalogue(c *fiber.Ctx) error {
	text, err := bodyContent(c)
	if err != nil {
		return httperr.Write(c, fiber.StatusBadRequest, "bad_body", err.Error())
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), h.cfg.Timeout)
	defer cancel()
	_, err = h.deps.Settings.Save(ctx, content.CatalogueDoc, text, author)
	var refused *settings.Refused
	switch {
	case errors.As(err, &refused):
		return httperr.Write(c, fiber.StatusUnprocessableEntity, "invalid_catalogue", refused.Error())
	case err != nil:
		h.logger.Error("catalogue not saved", zap.Error(err))
		return httperr.Write(c, fiber.StatusInternalServerError, "write_failed", err.Error())
	}
	h.logger.Info("catalogue edited from the dashboard", zap.Int("bytes", len(text)))
	return h.catalogue(c)
}
