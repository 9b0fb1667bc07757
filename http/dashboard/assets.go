package dashboard

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/template/html/v2"
)

// web holds the page template and its static assets. They are embedded so
// the dashboard works from the binary alone, offline, with no build step.
//
//go:embed web
var web embed.FS

// staticPrefix is where the assets under web/static are served.
const staticPrefix = "/dashboard/static"

// sub returns a folder of web as its own file system: the template engine
// and the asset handler address files relative to it.
func sub(dir string) fs.FS {
	f, err := fs.Sub(web, path.Join("web", dir))
	if err != nil {
		panic(err) // dir is a constant of this package
	}
	return f
}

// newPageEngine parses the page templates of web/templates.
func newPageEngine() (*html.Engine, error) {
	engine := html.NewFileSystem(http.FS(sub("templates")), ".html")
	if err := engine.Load(); err != nil {
		return nil, fmt.Errorf("dashboard: templates: %w", err)
	}
	return engine, nil
}

// render writes the template name with data as an HTML page. It renders
// into a buffer first, so a template error answers 500 instead of half a page.
func (h *Handler) render(c *fiber.Ctx, name string, data any) error {
	var b bytes.Buffer
	if err := h.page.Render(&b, name, data); err != nil {
		return fmt.Errorf("dashboard: render %s: %w", name, err)
	}
	c.Type("html", "utf-8")
	return c.Send(b.Bytes())
}

// static serves the embedded CSS and JavaScript. They change only with the
// binary, but the dashboard is a development tool where a stale script is
// worse than a refetch, so browsers revalidate every time.
func (h *Handler) static(c *fiber.Ctx) error {
	name := c.Params("*")
	if name == "" || strings.Contains(name, "..") {
		return fiber.ErrNotFound
	}
	data, err := fs.ReadFile(sub("static"), name)
	if err != nil {
		return fiber.ErrNotFound
	}
	c.Type(strings.TrimPrefix(path.Ext(name), "."), "utf-8")
	c.Set(fiber.HeaderCacheControl, "no-cache")
	return c.Send(data)
}
