// Package mediafile serves a customer's media file to the people who read the
// conversation (the operator console, the dashboard) from their own origin:
// the server fetches it from the platform through a messaging.MediaSource,
// so the page never sees the platform's URL or its token.
//
// It imports actors/messaging, domain and httperr only.
package mediafile

import (
	"errors"
	"io"
	"mime"
	"strings"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
)

// The codes of a file not served, for the caller's JSON error body.
const (
	CodeTooLarge    = "media_too_large"
	CodeNotFound    = "media_not_found"
	CodeUnavailable = "media_unavailable"
)

// Fail answers a file not served with status and code, in the caller's
// words; nothing has been written when it is called.
type Fail func(status int, code string) error

// Serve fetches the file of m, the media of a message of kind, and answers
// it: 413 when it is over the limit (the fetch refused it unread, or its
// reading stopped at the limit), 404 when the platform no longer has it,
// 502 when the platform failed. The whole file is read before the first
// byte is written, so a failure midway is still a clean error, at a cost of
// at most the limit (MEDIA_MAX_BYTES, 16 MiB) of memory per request.
func Serve(c *fiber.Ctx, src messaging.MediaSource, kind domain.MessageType, m *domain.Media, log *zap.Logger, fail Fail) error {
	f, err := src.Fetch(c.UserContext(), m.ID)
	var body []byte
	if err == nil {
		body, err = io.ReadAll(f.Body)
		f.Body.Close()
	}
	switch {
	case errors.Is(err, messaging.ErrMediaTooLarge):
		return fail(fiber.StatusRequestEntityTooLarge, CodeTooLarge)
	case errors.Is(err, messaging.ErrMediaNotFound):
		return fail(fiber.StatusNotFound, CodeNotFound)
	case err != nil:
		log.Warn("media not served", zap.String("media_id", m.ID), zap.Error(err))
		return fail(fiber.StatusBadGateway, CodeUnavailable)
	}
	// The type the webhook gave is the one the page drew the file by; the
	// media endpoint's stands in for a message that had none.
	mimeType := m.MimeType
	if mimeType == "" {
		mimeType = f.MimeType
	}
	c.Set(fiber.HeaderContentType, contentType(kind, mimeType))
	c.Set(fiber.HeaderContentDisposition, disposition(kind, m.FileName))
	c.Set(fiber.HeaderXContentTypeOptions, "nosniff")
	// The file of a message never changes; it is kept by this browser
	// only, never by a shared cache.
	c.Set(fiber.HeaderCacheControl, "private, max-age=86400")
	// Opened on its own (a document, an SVG "image"), the file runs no
	// script and loads nothing in this origin.
	c.Set(fiber.HeaderContentSecurityPolicy, "default-src 'none'; media-src 'self'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
	return c.Send(body)
}

// contentType is the platform's type of the file, as the page needs it to
// show or play it. A media kind whose type is not of its family (an "image"
// said to be text/html) and a type that does not parse are served as
// application/octet-stream, which no browser renders; documents keep their
// type, as attachments (see disposition).
func contentType(kind domain.MessageType, platform string) string {
	mt, params, err := mime.ParseMediaType(platform)
	if err != nil {
		return fiber.MIMEOctetStream
	}
	family := map[domain.MessageType]string{
		domain.MessageImage: "image/", domain.MessageSticker: "image/",
		domain.MessageAudio: "audio/", domain.MessageVideo: "video/",
	}[kind]
	if Inline(kind) && !strings.HasPrefix(mt, family) {
		return fiber.MIMEOctetStream
	}
	return mime.FormatMediaType(mt, params)
}

// Inline reports whether a file of kind is shown in the page (an image, a
// player) rather than downloaded.
func Inline(kind domain.MessageType) bool {
	switch kind {
	case domain.MessageImage, domain.MessageSticker, domain.MessageAudio, domain.MessageVideo:
		return true
	}
	return false
}

// disposition shows the media kinds in the page and downloads documents
// under their file name.
func disposition(kind domain.MessageType, fileName string) string {
	mode := "attachment"
	if Inline(kind) {
		mode = "inline"
	}
	name := strings.TrimSpace(fileName)
	if name == "" {
		return mode
	}
	if d := mime.FormatMediaType(mode, map[string]string{"filename": name}); d != "" {
		return d
	}
	return mode
}
