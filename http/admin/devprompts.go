package admin

import (
	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/sameorigin"
)

// DevPromptsPath is where the development routes of the versioned prompts
// live: the dashboard's Prompts tab reads and edits them there. They are the
// API's own handlers without the X-Admin-Key check, because a browser page
// cannot send that header: like every /admin page they are development
// surfaces (the runtime's gate answers 404 for them when
// DEV_UI_ENABLED=false), and an edit must be posted from this server's own
// pages (sameorigin.Check).
const DevPromptsPath = "/admin/prompts"

// registerDevPrompts mounts GET (the prompt, its current version and
// history: {"prompt": {...}}) and POST (body {"text": "..."}: the next
// version, current at once) at DevPromptsPath/{agent_id}.
func (h *Handler) registerDevPrompts(r fiber.Router) {
	r.Get(DevPromptsPath+"/:agent_id", h.getPrompt)
	r.Post(DevPromptsPath+"/:agent_id", sameorigin.Check, h.putPrompt)
}
