package dashboard

import (
	"context"
	"errors"
	"net/url"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/internal/redact"
	"github.com/intake-runtime/intake/persistence"
)

// SessionView is the part of a session the page shows beside the chat: what
// the bot decided (state, agent, service) and what it collected.
type SessionView struct {
	SessionID         string         `json:"session_id"`
	PhoneNumber       string         `json:"phone_number"`
	MessagingInstance string         `json:"messaging_instance"`
	State             string         `json:"state"`
	CurrentAgent      string         `json:"current_agent"`
	Service           string         `json:"service"`
	Segment           string         `json:"segment"`
	Intent            string         `json:"intent"`
	QualificationData map[string]any `json:"qualification_data"`
	CadastralData     map[string]any `json:"cadastral_data"`
	CollectedPackages []string       `json:"collected_packages"`
	HandoffReason     string         `json:"handoff_reason"`
	AssignedTo        string         `json:"assigned_to"`
	RetryCount        int            `json:"retry_count"`
	UpdatedAt         time.Time      `json:"updated_at"`
	// Undelivered are the replies of the session the platform refused for
	// good, oldest first: the customer never saw them.
	Undelivered []UndeliveredReply `json:"undelivered"`
	// Files are the customer's images, voice notes, videos and documents
	// of the session, oldest first.
	Files []FileView `json:"files"`
	// Projection is where the session stands in the CRM and the ERP; null
	// before the session has anything to project.
	Projection *ProjectionView `json:"projection"`
}

// UndeliveredReply is a reply whose send failed for good, with why.
type UndeliveredReply struct {
	MessageID string    `json:"message_id"`
	Text      string    `json:"text"`
	Error     string    `json:"error"`
	At        time.Time `json:"at"`
}

// undelivered lists the replies of log that failed for good.
func undelivered(log []domain.Message) []UndeliveredReply {
	out := []UndeliveredReply{}
	for _, m := range log {
		if m.OutboxStatus == domain.OutboxFailed {
			out = append(out, UndeliveredReply{MessageID: m.MessageID, Text: m.Content, Error: m.Error, At: m.Timestamp})
		}
	}
	return out
}

func viewOf(s domain.Session) SessionView {
	v := SessionView{
		SessionID:         s.SessionID,
		PhoneNumber:       s.PhoneNumber,
		MessagingInstance: s.MessagingInstance,
		State:             string(s.State),
		CurrentAgent:      string(s.CurrentAgent),
		Service:           string(s.ServiceIdentified),
		Segment:           string(s.Segment),
		Intent:            string(s.Intent),
		QualificationData: s.QualificationData,
		CadastralData:     s.CadastralData,
		CollectedPackages: s.CollectedPackages,
		HandoffReason:     string(s.HandoffReason),
		AssignedTo:        string(s.AssignedTo),
		RetryCount:        s.RetryCount,
		UpdatedAt:         s.UpdatedAt,
	}
	// The page iterates these; null would need a special case there.
	if v.QualificationData == nil {
		v.QualificationData = map[string]any{}
	}
	if v.CadastralData == nil {
		v.CadastralData = map[string]any{}
	}
	if v.CollectedPackages == nil {
		v.CollectedPackages = []string{}
	}
	v.Undelivered = []UndeliveredReply{}
	v.Files = []FileView{}
	return v
}

// session serves GET /dashboard/session/{phone}: {"session": {...}} for the
// phone's active session, 404 no_active_session when it has none (never
// written, reset, or cleared).
func (h *Handler) session(c *fiber.Ctx) error {
	phone, err := pathPhone(c.Params("phone"))
	if err != nil {
		return httperr.Write(c, fiber.StatusBadRequest, "invalid_phone", "the path must end with a phone number with digits")
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), h.cfg.Timeout)
	defer cancel()
	s, err := h.deps.Sessions.Active(ctx, phone)
	if errors.Is(err, persistence.ErrNotFound) {
		return httperr.Write(c, fiber.StatusNotFound, "no_active_session", "no active session for "+phone)
	}
	if err != nil {
		h.logger.Error("active session read failed", redact.Phone("phone", phone), zap.Error(err))
		return httperr.Write(c, fiber.StatusServiceUnavailable, "table_unavailable", "the session could not be read; see the logs")
	}
	v := viewOf(s)
	if h.deps.Messages != nil {
		log, err := h.deps.Messages.List(ctx, phone, s.SessionID)
		if err != nil {
			h.logger.Error("message log read failed", redact.Phone("phone", phone), zap.Error(err))
			return httperr.Write(c, fiber.StatusServiceUnavailable, "table_unavailable", "the session could not be read; see the logs")
		}
		v.Undelivered = undelivered(log)
		v.Files = files(phone, log)
	}
	if v.Projection, err = h.projectionOf(ctx, s.SessionID); err != nil {
		h.logger.Error("projection read failed", zap.Error(err))
		return httperr.Write(c, fiber.StatusServiceUnavailable, "table_unavailable", "the session could not be read; see the logs")
	}
	return c.JSON(fiber.Map{"session": v})
}

// pathPhone normalizes a phone taken from the path, where the page sends it
// escaped ("%2B5511..."): fiber leaves path parameters escaped.
func pathPhone(raw string) (string, error) {
	unescaped, err := url.PathUnescape(raw)
	if err != nil {
		return "", err
	}
	return messaging.NormalizeSender(unescaped)
}
