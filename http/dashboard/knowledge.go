package dashboard

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/settings"
)

// packageSummary names a knowledge package in lists.
type packageSummary struct {
	ID    string `json:"id"`
	Title string `json:"title"`
}

// PackageView is one knowledge package as the dashboard shows it.
type PackageView struct {
	ID      string `json:"id"`
	Title   string `json:"title"`
	Content string `json:"content"`
}

func (h *Handler) packageSummaries() []packageSummary {
	ids := h.deps.Content.PackageIDs()
	out := make([]packageSummary, 0, len(ids))
	for _, id := range ids {
		if p, err := h.deps.Content.Package(id); err == nil {
			out = append(out, packageSummary{ID: p.ID, Title: p.Title})
		}
	}
	return out
}

// knowledgeList serves GET /dashboard/knowledge: the package IDs and titles,
// and whether edits can be saved.
func (h *Handler) knowledgeList(c *fiber.Ctx) error {
	return c.JSON(fiber.Map{"writable": true, "packages": h.packageSummaries()})
}

// knowledge serves GET /dashboard/knowledge/{package_id}: {"package": {id,
// title, content}, "writable": bool}.
func (h *Handler) knowledge(c *fiber.Ctx) error {
	p, err := h.deps.Content.Package(c.Params("package_id"))
	if err != nil {
		return unknownPackage(c, c.Params("package_id"))
	}
	return c.JSON(fiber.Map{"writable": true, "package": PackageView(p)})
}

// writeKnowledge serves POST /dashboard/knowledge/{package_id} with the new
// text in the form field content or a JSON body {"content": "..."}, saved
// as the package setting's next version (as /admin/settings/knowledge
// saves it): the next model request uses it, on every node, without a
// restart. Only existing packages are edited here; new ones are added in
// /admin.
func (h *Handler) writeKnowledge(c *fiber.Ctx) error {
	id := strings.Clone(c.Params("package_id"))
	if _, err := h.deps.Content.Package(id); err != nil {
		return unknownPackage(c, id)
	}
	text, err := bodyContent(c)
	if err != nil {
		return httperr.Write(c, fiber.StatusBadRequest, "bad_body", err.Error())
	}
	if strings.TrimSpace(text) == "" {
		return httperr.Write(c, fiber.StatusUnprocessableEntity, "empty_content", "content must not be empty")
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), h.cfg.Timeout)
	defer cancel()
	v, err := h.deps.Settings.Save(ctx, content.PackageDocs+id, text, author)
	var refused *settings.Refused
	switch {
	case errors.As(err, &refused):
		return httperr.Write(c, fiber.StatusUnprocessableEntity, "invalid_package", refused.Error())
	case err != nil:
		h.logger.Error("knowledge package not saved", zap.String("package_id", id), zap.Error(err))
		return httperr.Write(c, fiber.StatusInternalServerError, "write_failed", err.Error())
	}
	p, err := h.deps.Content.Package(id)
	if err != nil {
		return unknownPackage(c, id)
	}
	h.logger.Info("knowledge package edited from the dashboard", zap.String("package_id", id), zap.Int("bytes", len(text)))
	return c.JSON(fiber.Map{
		"package": PackageView(p),
		"saved":   true,
		"detail":  fmt.Sprintf("saved as version %d (see /admin/settings/knowledge/%s); the next model request uses it, no restart needed", v.Version, id),
	})
}

// bodyContent reads the new text from a JSON body or the form, copied out
// of fiber's buffers.
func bodyContent(c *fiber.Ctx) (string, error) {
	if strings.HasPrefix(c.Get(fiber.HeaderContentType), fiber.MIMEApplicationJSON) {
		var body struct {
			Content *string `json:"content"`
		}
		if err := json.Unmarshal(c.Body(), &body); err != nil {
			return "", errors.New("the JSON body must be an object {\"content\": \"...\"}")
		}
		if body.Content == nil {
			return "", errors.New("the JSON body has no content")
		}
		return *body.Content, nil
	}
	return strings.Clone(c.FormValue("content")), nil
}

func unknownPackage(c *fiber.Ctx, id string) error {
	return httperr.Write(c, fiber.StatusNotFound, "unknown_package", "no knowledge package "+strings.Clone(id))
}
