package runtime_test

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/color"
	"image/jpeg"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/browsertest"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence"
)

// mediaPlatform is the Cloud API with customers' files: GET /{version}/{id}
// answers where a file is, GET /files/{id} serves it, both only with the
// bearer token; every other call (the sends) goes on to the console's fake
// platform. It records who asked for files, by User-Agent.
type mediaPlatform struct {
	*httptest.Server
	files map[string]mediaFile

	mu     sync.Mutex
	agents []string
}

type mediaFile struct {
	mime string
	body []byte
}

func newMediaPlatform(t *testing.T, sends *consolePlatform, token string, files map[string]mediaFile) *mediaPlatform {
	t.Helper()
	target, _ := url.Parse(sends.URL)
	rest := httputil.NewSingleHostReverseProxy(target)
	p := &mediaPlatform{files: files}
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.URL.Path[strings.LastIndexByte(r.URL.Path, '/')+1:]
		f, ok := p.files[id]
		if r.Method != http.MethodGet || !ok {
			rest.ServeHTTP(w, r)
			return
		}
		p.mu.Lock()
		p.agents = append(p.agents, r.UserAgent())
		p.mu.Unlock()
		if r.Header.Get("Authorization") != "Bearer "+token {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		if strings.HasPrefix(r.URL.Path, "/files/") {
			w.Header().Set("Content-Type", f.mime)
			w.Write(f.body)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]any{"url": p.URL + "/files/" + id, "mime_type": f.mime,
			"file_size": len(f.body), "sha256": "d1g3st", "id": id, "messaging_product": "whatsapp"})
	}))
	t.Cleanup(p.Close)
	return p
}

func (p *mediaPlatform) userAgents() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.agents...)
}

// testJPEG is a real 32×24 JPEG, encoded here.
func testJPEG(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 32, 24))
	for x := range 32 {
		for y := range 24 {
			img.Set(x, y, color.RGBA{R: uint8(x * 8), G: uint8(y * 10), B: 160, A: 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// postWebhook delivers a Cloud API envelope with messages, as the platform
// does.
func postWebhook(t *testing.T, base string, messages ...string) {
	t.Helper()
	envelope := `{"object":"whatsapp_business_account","entry":[{"id":"WABA","changes":[{"field":"messages","value":{` +
		`"messaging_product":"whatsapp","metadata":{"phone_number_id":"PNID_1"},"messages":[` + strings.Join(messages, ",") + `]}}]}]}`
	res, err := http.Post(base+"/webhook", "application/json", strings.NewReader(envelope))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("webhook answered %d", res.StatusCode)
	}
}

// A customer's photo and voice note, as real JPEG and OGG/Opus files on the
// platform, show and play in the operator's conversation page: the image
// decodes (naturalWidth > 0) and the player reads the audio's metadata
// (readyState ≥ 1), all through the console's own URL. The page holds no
// platform URL, and only the server (Go's client with the token), never
// the browser, asked the platform for the files.
func TestConsoleShowsAPhotoAndPlaysAVoiceNote(t *testing.T) {
	leaktest.Check(t)
	const operator, customer, token = "+5511400000001", "+5511988887777", "test-token"
	voice, err := os.ReadFile(filepath.Join("testdata", "voice.ogg"))
	if err != nil {
		t.Fatal(err)
	}
	sends := newConsolePlatform(t)
	platform := newMediaPlatform(t, sends, token, map[string]mediaFile{
		"MEDIA_PHOTO": {"image/jpeg", testJPEG(t)},
		"MEDIA_VOICE": {"audio/ogg; codecs=opus", voice},
	})
	app := consoleApp(t, sends, []string{operator}, map[string]string{
		"DEV_UI_ENABLED": "false", "MESSAGING_API_BASE_URL": platform.URL, "MESSAGING_ACCESS_TOKEN": token,
		"DEBOUNCE_WINDOW": "20ms", "DEBOUNCE_MAX_WAIT": "200ms",
	})
	base := consoleServe(t, app)
	sessionID := consoleHandOff(t, app, customer)

	now := strconv.FormatInt(time.Now().Unix(), 10)
	postWebhook(t, base,
		`{"from":"5511988887777","id":"wamid.PHOTO","timestamp":"`+now+`","type":"image","image":{"id":"MEDIA_PHOTO","mime_type":"image/jpeg","sha256":"d1g3st","caption":"foto do medidor"}}`,
		`{"from":"5511988887777","id":"wamid.VOICE","timestamp":"`+now+`","type":"audio","audio":{"id":"MEDIA_VOICE","mime_type":"audio/ogg; codecs=opus","voice":true}}`)
	waitMediaLogged(t, app.Table(), customer, sessionID, 2)
	if got := platform.userAgents(); len(got) != 0 {
		t.Fatalf("the webhook fetched files while parsing: %v", got)
	}

	b := browsertest.New(t, browsertest.Chromium(t))
	consoleLogIn(t, b.Step, sends, base, operator)
	b.Step("open the conversation: the photo shows, the voice note is ready to play",
		chromedp.Navigate(base+"/atendimento/conversations/"+messaging.Digits(customer)+"/"+sessionID),
		chromedp.WaitVisible(chromedp.CSS(`figure.media.image img`)),
		chromedp.Evaluate[chromedp.Void](`document.querySelector("figure.media.image img").scrollIntoView()`),
		browsertest.WaitFor(`document.querySelector("figure.media.image img").complete && document.querySelector("figure.media.image img").naturalWidth > 0`),
		browsertest.WaitFor(`document.querySelector("figure.media.audio audio").readyState >= 1`),
		browsertest.Expect(`document.querySelector("figure.media.image img").naturalWidth`, 32),
		browsertest.Expect(`document.querySelector("figure.media.audio figcaption").textContent`, "Mensagem de voz"),
		browsertest.WaitForText(`#messages`, "foto do medidor"),
		// Still there, still ready, after the page's refreshes redrew the list.
		chromedp.Sleep(2500*time.Millisecond),
		browsertest.Expect(`document.querySelector("figure.media.audio audio").readyState >= 1`, true),
		browsertest.Expect(`document.querySelector("figure.media.image img").naturalWidth > 0`, true),
	)
	html := b.String(`document.documentElement.outerHTML`)
	if strings.Contains(html, platform.URL) || strings.Contains(html, "MEDIA_PHOTO") || strings.Contains(html, token) {
		t.Error("the page holds the platform's URL, a media ID or the token")
	}
	if foreign := b.String(`performance.getEntriesByType("resource").map((e) => e.name).filter((n) => !n.startsWith(location.origin)).join(" ")`); foreign != "" {
		t.Errorf("the browser fetched from elsewhere: %s", foreign)
	}
	for _, src := range []string{
		b.String(`document.querySelector("figure.media.image img").currentSrc`),
		b.String(`document.querySelector("figure.media.audio audio").currentSrc`),
	} {
		if !strings.HasPrefix(src, base+"/atendimento/media/") {
			t.Errorf("a file came from %s, not the console's own URL", src)
		}
	}
	agents := platform.userAgents()
	if len(agents) < 4 { // two calls per file
		t.Errorf("the platform saw %d file calls, want both calls for both files", len(agents))
	}
	for _, ua := range agents {
		if !strings.HasPrefix(ua, "Go-http-client") {
			t.Errorf("the platform was asked for a file by %q, not by the server", ua)
		}
	}
}

// waitMediaLogged waits until the session's log holds n customer messages
// with media: the webhook's turns went through the queue and the session
// actor.
func waitMediaLogged(t *testing.T, table persistence.Table, phone, sessionID string, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		log, err := persistence.NewMessages(table).List(context.Background(), phone, sessionID)
		if err != nil {
			t.Fatal(err)
		}
		var media []domain.Message
		for _, m := range log {
			if m.Media != nil {
				media = append(media, m)
			}
		}
		if len(media) >= n {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("the log of %s never held %d media messages", sessionID, n)
}
