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
	// OverridesAPI is where the versioned overrides are listed and changed
	// (admin API, X-Admin-Key required).
	OverridesAPI string `json:"overrides_api"`
}

// prompt serves GET /dashboard/prompts/{agent_id}. The dashboard only
// shows prompts: their versioned overrides live in the table and are
// managed by the admin API, which keeps the history and the key check in
// one place.
func (h *Handler) prompt(c *fiber.Ctx) error {
	agent := strings.ToUpper(strings.Clone(c.Params("agent_id")))
	text := h.deps.Content.Prompt(agent)
	if strings.TrimSpace(text) == "" {
		return httperr.Write(c, fiber.StatusNotFound, "unknown_agent",
			"no prompt for agent "+agent+"; agents: "+strings.Join(h.cfg.Agents, ", "))
	}
	return c.JSON(PromptView{
		AgentID:      agent,
		Prompt:       text,
		OverridesAPI: "/admin/api/prompts/" + url.PathEscape(agent),
	})
}
