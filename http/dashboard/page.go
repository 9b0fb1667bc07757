package dashboard

import (
	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/domain"
)

// Link is one entry of the page's link bar.
type Link struct {
	Label, Href string
}

// links are the inspection and operator pages of other surfaces; the
// dashboard only points at them.
var links = []Link{
	{"Admin", "/admin"},
	{"Demands", "/admin/demands"},
	{"LLM costs", "/admin/llm-costs"},
	{"Alerts", "/admin/alerts"},
	{"Atendimento", "/atendimento"},
}

// pageData is what the page template renders on the server; everything that
// changes while the page is open is fetched by its script.
type pageData struct {
	Links        []Link
	Instances    []string
	Agents       []string
	Packages     []packageSummary
	Model        string
	SmokeTargets []string
	HasLogs      bool
	HasFixtures  bool
	HasSmokes    bool
	HasCatalogue bool
	HasParams    bool
	StaticPrefix string
	MediaTypes   []string
	// States are the session states in order, for the session panel's
	// strip: the script takes them from the page rather than its own copy.
	States []domain.SessionState
}

// index serves GET /: the development tools page.
func (h *Handler) index(c *fiber.Ctx) error {
	data := pageData{
		Links:        links,
		Instances:    h.cfg.Instances,
		Agents:       h.cfg.Agents,
		Packages:     h.packageSummaries(),
		Model:        h.cfg.Model,
		HasLogs:      h.deps.Logs != nil,
		HasFixtures:  h.deps.Fixtures != nil,
		HasSmokes:    h.deps.Smokes != nil,
		HasCatalogue: h.deps.Catalogue != nil,
		HasParams:    h.deps.Parameters != nil,
		StaticPrefix: staticPrefix,
		MediaTypes:   mediaTypes,
		States:       domain.States(),
	}
	if h.deps.Smokes != nil {
		data.SmokeTargets = h.deps.Smokes.Targets()
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	return h.render(c, "index", data)
}
