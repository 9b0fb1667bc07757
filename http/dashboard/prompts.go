package dashboard

import (
	"net/url"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/httperr"
)

// PromptView is an agent's prompt as the agents use it now.
type PromptView struct {
	AgentID string `json:"agent_id"`
	// Prompt is the effective text: the active override when the admin API
	// set one, else the prompt file (CONTENT_DIR or embedded).
	Prompt string `json:"prompt"`
	// Versions is where the versioned overrides are listed (GET) and a new
	// version is saved (POST {"text": "..."}): the admin surface's
	// development route, which a page can call without the admin key. The
	// key-checked API serves the same at /admin/api/prompts/{agent_id}.
	Versions string `json:"versions"`
}

// prompt serves GET /dashboard/prompts/{agent_id}. The dashboard shows the
// effective prompt; the versioned overrides live in the table and are kept
// by the admin surface (history, versions), whose development route the
// Prompts tab calls to list and save them.
func (h *Handler) prompt(c *fiber.Ctx) error {
	agent := strings.ToUpper(strings.Clone(c.Params("agent_id")))
	text := h.deps.Content.Prompt(agent)
	if strings.TrimSpace(text) == "" {
		return httperr.Write(c, fiber.StatusNotFound, "unknown_agent",
			"no prompt for agent "+agent+"; agents: "+strings.Join(h.cfg.Agents, ", "))
	}
	return c.JSON(PromptView{
		AgentID:  agent,
		Prompt:   text,
		Versions: "/admin/prompts/" + url.PathEscape(agent),
	})
}
