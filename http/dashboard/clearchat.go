package dashboard

import (
	"context"
	"fmt"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/internal/redact"
	"github.com/intake-runtime/intake/persistence"
)

// ClearChatResult is the answer of POST /dashboard/clear-chat. It spells out
// the scope because "clear chat" sounds bigger than it is: the CRM, the
// demands and the receipts keep what they recorded.
type ClearChatResult struct {
	Phone string `json:"phone"`
	// Deleted is how many items were deleted.
	Deleted int `json:"deleted"`
	// Scope lists the key patterns deleted.
	Scope []string `json:"scope"`
	// Untouched lists what clearing does not cover.
	Untouched []string `json:"untouched"`
	// Message says all of the above in one sentence, for the page.
	Message string `json:"message"`
}

// clearChat serves POST /dashboard/clear-chat (form field phone): it deletes
// every item under SESSION#<phone> (sessions, active pointer, message log)
// and the buffer DEBOUNCE#<phone> / BUFFER, and nothing else (spec).
func (h *Handler) clearChat(c *fiber.Ctx) error {
	phone, err := messaging.NormalizeSender(c.FormValue("phone"))
	if err != nil {
		return httperr.Write(c, fiber.StatusBadRequest, "invalid_phone", "phone must hold a phone number with digits")
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), h.cfg.Timeout)
	defer cancel()
	// The live actor goes first: stopped, it cannot write its old state back
	// over the cleared items, and the next message loads afresh.
	live := "The next message starts a new session."
	if h.deps.Conversations == nil {
		live = "A conversation still open in memory notices on its next message, which may fail once while it reloads."
	} else if err := h.deps.Conversations.Forget(ctx, phone); err != nil {
		h.logger.Warn("live conversation not stopped before clear-chat", redact.Phone("phone", phone), zap.Error(err))
		live = "The live conversation could not be stopped; its next message may fail once while it reloads."
	}
	n, err := h.deps.Sessions.ClearPhone(ctx, phone)
	if err != nil {
		h.logger.Error("clear chat failed", redact.Phone("phone", phone), zap.Error(err))
		return httperr.Write(c, fiber.StatusServiceUnavailable, "table_unavailable", "the conversation could not be cleared; see the logs")
	}
	h.logger.Info("chat cleared from the dashboard", redact.Phone("phone", phone), zap.Int("items_deleted", n))
	return c.JSON(ClearChatResult{
		Phone:   phone,
		Deleted: n,
		Scope: []string{
			persistence.SessionPK(phone) + " (every item: sessions, active pointer, message log)",
			persistence.DebouncePK(phone) + " / " + persistence.BufferSK + " (debounce buffer)",
		},
		Untouched: []string{
			"CRM projections (CRM_SYNC#<session_id>)",
			"out-of-portfolio demands (DEMAND)",
			"receipts and pending markers (RECEIPT#...)",
			"every other phone",
		},
		Message: fmt.Sprintf("Deleted %d item(s) under %s and the debounce buffer %s / %s. "+
			"CRM projections, demands, receipts and other records are not touched. %s",
			n, persistence.SessionPK(phone), persistence.DebouncePK(phone), persistence.BufferSK, live),
	})
}
