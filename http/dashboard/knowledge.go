package dashboard

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/http/httperr"
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

// writable reports whether knowledge edits can be saved, and where.
func (h *Handler) writable() fiber.Map {
	m := fiber.Map{"writable": h.cfg.ContentDir != ""}
	if h.cfg.ContentDir != "" {
		m["content_dir"] = h.cfg.ContentDir
	}
	return m
}

// knowledgeList serves GET /dashboard/knowledge: the package IDs and titles,
// and whether edits can be saved.
func (h *Handler) knowledgeList(c *fiber.Ctx) error {
	m := h.writable()
	m["packages"] = h.packageSummaries()
	return c.JSON(m)
}

// knowledge serves GET /dashboard/knowledge/{package_id}: {"package": {id,
// title, content}, "writable": bool}.
func (h *Handler) knowledge(c *fiber.Ctx) error {
	p, err := h.deps.Content.Package(c.Params("package_id"))
	if err != nil {
		return unknownPackage(c, c.Params("package_id"))
	}
	m := h.writable()
	m["package"] = PackageView(p)
	return c.JSON(m)
}

// writeKnowledge serves POST /dashboard/knowledge/{package_id} with the new
// text in the form field content or a JSON body {"content": "..."}.
//
// Knowledge packages are data files, not code: the text is written
// atomically to CONTENT_DIR/knowledge/<id>.md, the version it replaces is
// kept under knowledge/history/<id>/, and the store serves the new text to
// the next model request, without a restart. Only existing packages are
// edited here: a new package also needs a catalogue entry, which is a file
// edit. Without CONTENT_DIR nothing can be written and the answer is 409,
// saying to set it.
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
	if err := h.deps.Content.WritePackage(id, text); err != nil {
		if errors.Is(err, content.ErrReadOnly) {
			return httperr.Write(c, fiber.StatusConflict, "content_read_only",
				"knowledge packages are read-only in this process: set CONTENT_DIR to a writable folder "+
					"(edits are written there, the embedded copy stays the fallback) and restart once")
		}
		h.logger.Error("knowledge package write failed", zap.String("package_id", id), zap.Error(err))
		return httperr.Write(c, fiber.StatusUnprocessableEntity, "write_failed", err.Error())
	}
	p, err := h.deps.Content.Package(id)
	if err != nil {
		return unknownPackage(c, id)
	}
	h.logger.Info("knowledge package edited from the dashboard", zap.String("package_id", id), zap.Int("bytes", len(text)))
	return c.JSON(fiber.Map{
		"package": PackageView(p),
		"saved":   true,
		"detail": "written to " + filepath.Join(h.cfg.ContentDir, "knowledge", id+".md") +
			"; the previous version is kept under " + filepath.Join(h.cfg.ContentDir, "knowledge", "history", id) +
			"; the next model request uses it, no restart needed",
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
