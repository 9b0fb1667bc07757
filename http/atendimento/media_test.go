package atendimento_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/http/httperr"
)

const platformToken = "EAAG-platform-token"

// platformMedia is the Cloud API's two media calls for the files it holds:
// the media endpoint answers where a file is, the download serves it. Both
// check the bearer token; a file named "broken" fails with 500.
type platformMedia struct {
	srv   *httptest.Server
	files map[string][]byte
	calls atomic.Int32
}

func newPlatformMedia(t *testing.T, files map[string][]byte) *platformMedia {
	t.Helper()
	p := &platformMedia{files: files}
	p.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.calls.Add(1)
		if r.Header.Get("Authorization") != "Bearer "+platformToken {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		id := r.URL.Path[strings.LastIndexByte(r.URL.Path, '/')+1:]
		file, ok := p.files[id]
		switch {
		case id == "broken":
			w.WriteHeader(http.StatusInternalServerError)
		case !ok:
			w.WriteHeader(http.StatusBadRequest)
		case strings.HasPrefix(r.URL.Path, "/v21.0/"):
			json.NewEncoder(w).Encode(map[string]any{"url": p.srv.URL + "/files/" + id, "mime_type": "ignored/by-test",
				"file_size": len(file), "sha256": "x", "id": id})
		default:
			w.Write(file)
		}
	}))
	t.Cleanup(p.srv.Close)
	return p
}

// newMediaEnv is a console whose media come from the platform fake through
// the real Cloud API media client, with files of at most maxBytes.
func newMediaEnv(t *testing.T, p *platformMedia, maxBytes int64) *env {
	t.Helper()
	e := newEnv(t, nil)
	src, err := cloudapi.NewMediaClient(cloudapi.MediaConfig{BaseURL: p.srv.URL, AccessToken: platformToken, MaxBytes: maxBytes}, nil)
	if err != nil {
		t.Fatal(err)
	}
	deps := e.deps(&fakeConversations{sessions: e.sessions, messages: e.messages, sender: e.sender, now: e.clock.Now})
	deps.Media = src
	cfg := atendimento.Config{Now: e.clock.Now,
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("0.0.0.0/32")}}
	if e.console, err = atendimento.New(cfg, deps, zap.NewNop()); err != nil {
		t.Fatal(err)
	}
	e.app = fiber.New(fiber.Config{ErrorHandler: httperr.Handler, DisableStartupMessage: true})
	e.console.Register(e.app)
	t.Cleanup(e.console.Close)
	return e
}

// logMedia appends a customer's media message to s's log.
func (e *env) logMedia(s domain.Session, id string, kind domain.MessageType, content string, m domain.Media) {
	e.t.Helper()
	err := e.messages.Append(context.Background(), domain.Message{
		MessageID: id, SessionID: s.SessionID, PhoneNumber: s.PhoneNumber, Content: content,
		Timestamp: t0.Add(90e9), StateBefore: domain.StateHandoff, StateAfter: domain.StateHandoff,
		Direction: domain.DirectionInbound, MessageType: kind, ProviderMessageID: id, Media: &m,
	})
	if err != nil {
		e.t.Fatal(err)
	}
}

func mediaPath(s domain.Session, messageID string) string {
	return "/atendimento/media/" + strings.TrimPrefix(s.PhoneNumber, "+") + "/" + s.SessionID + "/" + messageID
}

// The file of a customer's message is served from the console's own URL,
// typed as the platform said, never sniffed, kept by the operator's browser
// only; a document downloads under its name.
func TestMediaServed(t *testing.T) {
	jpeg, pdf := []byte("\xff\xd8\xff\xe0 jpeg bytes"), []byte("%PDF-1.4 bytes")
	p := newPlatformMedia(t, map[string][]byte{"IMG1": jpeg, "DOC1": pdf})
	e := newMediaEnv(t, p, 1<<20)
	s := e.handoffSession("+5511988887777", t0, t0)
	e.logMedia(s, "wamid.IMG", domain.MessageImage, "[image]", domain.Media{ID: "IMG1", MimeType: "image/jpeg"})
	e.logMedia(s, "wamid.DOC", domain.MessageDocument, "minha conta", domain.Media{ID: "DOC1", MimeType: "application/pdf", FileName: "conta de luz.pdf", Caption: "minha conta"})
	cookie := e.login(opA)

	tests := []struct {
		id, body, contentType, disposition string
	}{
		{"wamid.IMG", string(jpeg), "image/jpeg", "inline"},
		{"wamid.DOC", string(pdf), "application/pdf", `attachment; filename="conta de luz.pdf"`},
	}
	for _, tt := range tests {
		res := e.do("GET", mediaPath(s, tt.id), "", "", cookie)
		if res.status != fiber.StatusOK || res.body != tt.body {
			t.Fatalf("%s: status %d, body %q", tt.id, res.status, res.body)
		}
		h := res.header
		if h.Get("Content-Type") != tt.contentType || h.Get("Content-Disposition") != tt.disposition ||
			h.Get("X-Content-Type-Options") != "nosniff" || !strings.HasPrefix(h.Get("Cache-Control"), "private") {
			t.Errorf("%s: headers %v", tt.id, h)
		}
	}
}

// The conversation shows the file through the console's URL with its
// label, the caption as its text, and nothing of the platform.
func TestConversationShowsMedia(t *testing.T) {
	p := newPlatformMedia(t, map[string][]byte{"VOICE1": []byte("OggS")})
	e := newMediaEnv(t, p, 1<<20)
	s := e.handoffSession("+5511988887777", t0, t0)
	e.logMedia(s, "wamid.VOICE", domain.MessageAudio, "[audio]", domain.Media{ID: "VOICE1", MimeType: "audio/ogg; codecs=opus", Voice: true})
	e.logMedia(s, "wamid.DOC", domain.MessageDocument, "minha conta", domain.Media{ID: "DOC1", FileName: "conta.pdf", Caption: "minha conta"})
	cookie := e.login(opA)

	page := e.do("GET", "/atendimento/conversations/"+strings.TrimPrefix(s.PhoneNumber, "+")+"/"+s.SessionID, "", "", cookie)
	for _, want := range []string{
		`<audio controls preload="metadata" src="` + mediaPath(s, "wamid.VOICE") + `">`,
		"Mensagem de voz",
		`href="` + mediaPath(s, "wamid.DOC") + `" download>📄 conta.pdf</a>`,
		"<p>minha conta</p>",
	} {
		if !strings.Contains(page.body, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(page.body, "[audio]") || strings.Contains(page.body, p.srv.URL) || strings.Contains(page.body, "VOICE1") {
		t.Error("the page shows the placeholder, the platform's URL or the media ID")
	}
	if p.calls.Load() != 0 {
		t.Errorf("showing the page called the platform %d times; the browser fetches files when it draws them", p.calls.Load())
	}

	var api struct {
		Conversation struct {
			Messages []struct {
				ID    string `json:"id"`
				Text  string `json:"text"`
				Media *struct {
					Kind, URL, Label string
					Voice            bool
				} `json:"media"`
			} `json:"messages"`
		} `json:"conversation"`
	}
	res := e.do("GET", apiURL(s), "", "", cookie)
	if err := json.Unmarshal([]byte(res.body), &api); err != nil {
		t.Fatal(err)
	}
	var voice = api.Conversation.Messages[0]
	for _, m := range api.Conversation.Messages {
		if m.ID == "wamid.VOICE" {
			voice = m
		}
	}
	if voice.Media == nil || voice.Media.Kind != "audio" || !voice.Media.Voice || voice.Media.URL != mediaPath(s, "wamid.VOICE") || voice.Text != "" {
		t.Errorf("voice note in JSON = %+v (media %+v)", voice, voice.Media)
	}
}

// What the route refuses, each in the JSON error shape.
func TestMediaRefused(t *testing.T) {
	p := newPlatformMedia(t, map[string][]byte{"BIG": bytes.Repeat([]byte{1}, 2048), "SMALL": []byte("ok"), "broken": nil})
	e := newMediaEnv(t, p, 1024)
	s := e.handoffSession("+5511988887777", t0, t0)
	other := e.handoffSession("+5521977776666", t0, t0)
	e.logMedia(s, "wamid.BIG", domain.MessageImage, "[image]", domain.Media{ID: "BIG"})
	e.logMedia(s, "wamid.SMALL", domain.MessageImage, "[image]", domain.Media{ID: "SMALL"})
	e.logMedia(s, "wamid.BROKEN", domain.MessageVideo, "[video]", domain.Media{ID: "broken"})
	e.logMedia(s, "wamid.GONE", domain.MessageImage, "[image]", domain.Media{ID: "expired"})
	cookie := e.login(opA)

	tests := []struct {
		name, path, cookie string
		status             int
		code               string
	}{
		{"no session", mediaPath(s, "wamid.SMALL"), "", fiber.StatusUnauthorized, "unauthorized"},
		{"a session that ended", mediaPath(s, "wamid.SMALL"), "forged-cookie", fiber.StatusUnauthorized, "unauthorized"},
		{"a message of another phone", mediaPath(other, "wamid.SMALL"), cookie, fiber.StatusNotFound, "not_found"},
		{"another phone with this session", strings.Replace(mediaPath(s, "wamid.SMALL"), "5511988887777", "5521977776666", 1), cookie, fiber.StatusNotFound, "not_found"},
		{"a text message", mediaPath(s, "in-"+s.SessionID), cookie, fiber.StatusNotFound, "not_found"},
		{"over MEDIA_MAX_BYTES", mediaPath(s, "wamid.BIG"), cookie, fiber.StatusRequestEntityTooLarge, "media_too_large"},
		{"platform failure", mediaPath(s, "wamid.BROKEN"), cookie, fiber.StatusBadGateway, "media_unavailable"},
		{"gone from the platform", mediaPath(s, "wamid.GONE"), cookie, fiber.StatusNotFound, "media_not_found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := e.do("GET", tt.path, "", "", tt.cookie)
			if res.status != tt.status {
				t.Fatalf("status %d, want %d: %s", res.status, tt.status, res.body)
			}
			if got := errorBody(t, res); got.Code != tt.code || got.Message == "" {
				t.Errorf("error = %+v, want code %s with a message", got, tt.code)
			}
			if strings.Contains(res.body, platformToken) || strings.Contains(res.body, p.srv.URL) {
				t.Errorf("the answer shows the token or the platform: %s", res.body)
			}
		})
	}
	if res := e.do("GET", mediaPath(s, "wamid.SMALL"), "", "", cookie); res.status != fiber.StatusOK {
		t.Errorf("a file under the limit: status %d", res.status)
	}
}
