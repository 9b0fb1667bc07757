package dashboard

import (
	"context"
	"errors"
	"net/url"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/http/mediafile"
	"github.com/intake-runtime/intake/internal/redact"
	"github.com/intake-runtime/intake/persistence"
)

// FileView is a customer's file in the session panel: shown, played or
// linked from GET /dashboard/media/{phone}/{message}, which fetches it from
// the platform on the server, as the operator console does.
type FileView struct {
	MessageID string `json:"message_id"`
	Kind      string `json:"kind"`
	URL       string `json:"url"`
	MimeType  string `json:"mime_type"`
	FileName  string `json:"file_name,omitempty"`
	Caption   string `json:"caption,omitempty"`
	Voice     bool   `json:"voice,omitempty"`
	At        string `json:"at"`
}

// files lists the customer's files in log, oldest first.
func files(phone string, log []domain.Message) []FileView {
	out := []FileView{}
	for _, m := range log {
		if m.Direction != domain.DirectionInbound || m.Media == nil {
			continue
		}
		kind := m.MessageType
		if !mediafile.Inline(kind) {
			kind = domain.MessageDocument
		}
		out = append(out, FileView{
			MessageID: m.MessageID,
			Kind:      string(kind),
			URL:       "/dashboard/media/" + url.PathEscape(phone) + "/" + url.PathEscape(m.MessageID),
			MimeType:  m.Media.MimeType,
			FileName:  m.Media.FileName,
			Caption:   m.Media.Caption,
			Voice:     m.Media.Voice,
			At:        m.Timestamp.UTC().Format("2006-01-02T15:04:05Z"),
		})
	}
	return out
}

// file serves GET /dashboard/media/{phone}/{message}: the file of a customer
// message of the phone's active session, with the console's rules
// (mediafile.Serve). 404 when the phone has no active session or the
// message is not one of its customer's files; 503 without a media source.
func (h *Handler) file(c *fiber.Ctx) error {
	phone, err := pathPhone(c.Params("phone"))
	messageID, uerr := url.PathUnescape(c.Params("message"))
	if err != nil || uerr != nil {
		return httperr.Write(c, fiber.StatusBadRequest, "invalid_path", "the path must be /dashboard/media/{phone}/{message-id}")
	}
	if h.deps.Media == nil || h.deps.Messages == nil {
		return httperr.Write(c, fiber.StatusServiceUnavailable, "no_media_source", "this runner fetches no media")
	}
	m, err := h.fileMessage(c.UserContext(), phone, messageID)
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return httperr.Write(c, fiber.StatusNotFound, "not_found", "no customer file "+messageID+" in the active session of "+phone)
	case err != nil:
		h.logger.Error("message log read failed", redact.Phone("phone", phone), zap.Error(err))
		return httperr.Write(c, fiber.StatusServiceUnavailable, "table_unavailable", "the session could not be read; see the logs")
	}
	return mediafile.Serve(c, h.deps.Media, m.MessageType, m.Media, h.logger, func(status int, code string) error {
		return httperr.Write(c, status, code, fileFailure[code])
	})
}

// fileFailure explains a file not served.
var fileFailure = map[string]string{
	mediafile.CodeTooLarge:    "the file is larger than MEDIA_MAX_BYTES",
	mediafile.CodeNotFound:    "the platform no longer has this file",
	mediafile.CodeUnavailable: "the file could not be fetched from the platform; see the logs",
}

// fileMessage finds the customer's media message in the phone's active
// session, persistence.ErrNotFound when there is none.
func (h *Handler) fileMessage(ctx context.Context, phone, messageID string) (domain.Message, error) {
	tctx, cancel := context.WithTimeout(ctx, h.cfg.Timeout)
	defer cancel()
	s, err := h.deps.Sessions.Active(tctx, phone)
	if err != nil {
		return domain.Message{}, err
	}
	log, err := h.deps.Messages.List(tctx, phone, s.SessionID)
	if err != nil {
		return domain.Message{}, err
	}
	for _, m := range log {
		if m.MessageID == messageID && m.Direction == domain.DirectionInbound && m.Media != nil {
			return m, nil
		}
	}
	return domain.Message{}, persistence.ErrNotFound
}
