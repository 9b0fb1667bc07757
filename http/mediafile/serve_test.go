package mediafile_test

import (
	"context"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/mediafile"
)

// source hands out one file of any ID.
type source struct{ mime string }

func (s source) Fetch(context.Context, string) (messaging.Media, error) {
	return messaging.Media{MimeType: s.mime, Body: io.NopCloser(strings.NewReader("bytes"))}, nil
}

// A file is typed so the page can show it, but never so that a browser would
// run it in the console's origin: a media kind whose type is not of its
// family is opaque bytes, a document is always an attachment, and nothing
// served may run a script.
func TestServeHeaders(t *testing.T) {
	tests := []struct {
		name        string
		kind        domain.MessageType
		media       domain.Media
		fetched     string
		contentType string
		disposition string
	}{
		{"an image", domain.MessageImage, domain.Media{MimeType: "image/jpeg"}, "", "image/jpeg", "inline"},
		{"a voice note", domain.MessageAudio, domain.Media{MimeType: "audio/ogg; codecs=opus"}, "", "audio/ogg; codecs=opus", "inline"},
		{"the endpoint's type when the webhook gave none", domain.MessageVideo, domain.Media{}, "video/mp4", "video/mp4", "inline"},
		{"an image said to be HTML", domain.MessageImage, domain.Media{MimeType: "text/html"}, "", "application/octet-stream", "inline"},
		{"a type that does not parse", domain.MessageSticker, domain.Media{MimeType: "image/"}, "", "application/octet-stream", "inline"},
		{"an HTML document", domain.MessageDocument, domain.Media{MimeType: "text/html", FileName: "a.html"}, "", "text/html", `attachment; filename=a.html`},
		{"a document without a name", domain.MessageDocument, domain.Media{MimeType: "application/pdf"}, "", "application/pdf", "attachment"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			app := fiber.New()
			app.Get("/", func(c *fiber.Ctx) error {
				return mediafile.Serve(c, source{tt.fetched}, tt.kind, &tt.media, zap.NewNop(), nil)
			})
			res, err := app.Test(httptest.NewRequest("GET", "/", nil))
			if err != nil {
				t.Fatal(err)
			}
			h := res.Header
			if h.Get("Content-Type") != tt.contentType || h.Get("Content-Disposition") != tt.disposition {
				t.Errorf("Content-Type %q, Content-Disposition %q; want %q, %q",
					h.Get("Content-Type"), h.Get("Content-Disposition"), tt.contentType, tt.disposition)
			}
			if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "sandbox") || !strings.Contains(csp, "default-src 'none'") {
				t.Errorf("Content-Security-Policy %q lets the file act", csp)
			}
		})
	}
}
