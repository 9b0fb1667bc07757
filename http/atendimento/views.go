package atendimento

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"net/http"
	"path"

	"github.com/intake-runtime/intake/locale"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/template/html/v2"
)

//go:embed templates/*.html
var templateFiles embed.FS

//go:embed static/*
var staticFiles embed.FS

// newViews loads the embedded templates, failing at construction rather
// than on the first request when one does not parse.
func newViews(loc locale.Locale) (*html.Engine, error) {
	sub, err := fs.Sub(templateFiles, "templates")
	if err != nil {
		return nil, err
	}
	engine := html.NewFileSystem(http.FS(sub), ".html")
	engine.AddFuncMap(loc.Funcs())
	if err := engine.Load(); err != nil {
		return nil, fmt.Errorf("atendimento: templates: %w", err)
	}
	return engine, nil
}

// staticHandler serves the embedded script and style sheet by name; nothing
// else is reachable, so no path can climb out of the folder.
func staticHandler() (fiber.Handler, error) {
	files := map[string][]byte{}
	for _, name := range []string{"console.js", "console.css", "history.css", "tools.js", "labels.js", "labels.css"} {
		body, err := staticFiles.ReadFile("static/" + name)
		if err != nil {
			return nil, fmt.Errorf("atendimento: static %s: %w", name, err)
		}
		files[name] = body
	}
	return func(c *fiber.Ctx) error {
		name := c.Params("name")
		body, ok := files[name]
		if !ok {
			return fiber.ErrNotFound
		}
		c.Type(path.Ext(name)[1:], "utf-8")
		c.Set(fiber.HeaderCacheControl, "no-cache")
		return c.Send(body)
	}, nil
}

// page is what every template gets.
type page struct {
	// Lang and Zone let the script format times as the server does; Text
	// is the script's texts (the catalogue's "js." keys).
	Lang     locale.Lang
	Zone     string
	Text     map[string]string
	Title    string
	Page     string // names the page for the script: login, code, queue, conversation
	Operator string // the logged-in operator, "" on the login pages
	// OperatorName is Operator as people know them (operatorNames).
	OperatorName string
	PollMS       int64
	// SLAMS is HANDOFF_SLA: the queue colours waits past it.
	SLAMS int64
	// ShowCodes says login codes appear on the page (Config.ShowCodes).
	ShowCodes bool
	Data      any
}

// render executes a template inside the layout into a buffer first, so a
// failing template answers a clean error instead of half a page.
func (c *Console) render(ctx *fiber.Ctx, status int, name string, p page) error {
	p.Lang, p.Zone, p.Text = c.locale.Lang, c.locale.Zone.String(), c.locale.Script()
	p.PollMS, p.SLAMS = c.cfg.PollInterval.Milliseconds(), c.cfg.SLA.Milliseconds()
	p.ShowCodes = c.cfg.ShowCodes
	if p.Operator != "" {
		p.OperatorName = c.operatorNames(ctx.UserContext()).of(p.Operator)
	}
	var buf bytes.Buffer
	if err := c.views.Render(&buf, name, p, "layout"); err != nil {
		c.log.Error("page not rendered")
		return fmt.Errorf("atendimento: render %s: %w", name, err)
	}
	ctx.Status(status).Type("html", "utf-8")
	return ctx.Send(buf.Bytes())
}

// noStore keeps pages and answers that show conversations out of every
// cache.
func noStore(c *fiber.Ctx) error {
	c.Set("Cache-Control", "no-store")
	return c.Next()
}
