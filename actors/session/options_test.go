package session_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/internal/httpcall"
)

// cloudPlatform is a fake Cloud API messages endpoint: it keeps every body
// posted and accepts it.
type cloudPlatform struct {
	*httptest.Server
	mu     sync.Mutex
	bodies []string
}

func newCloudPlatform(t *testing.T) *cloudPlatform {
	p := &cloudPlatform{}
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		p.mu.Lock()
		p.bodies = append(p.bodies, string(b))
		p.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"messaging_product":"whatsapp","messages":[{"id":"wamid.OUT1"}]}`)
	}))
	t.Cleanup(p.Close)
	return p
}

// await waits for n bodies posted to the platform.
func (p *cloudPlatform) await(t *testing.T, n int) []string {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		p.mu.Lock()
		got := slices.Clone(p.bodies)
		p.mu.Unlock()
		if len(got) >= n {
			return got
		}
	}
	t.Fatalf("the platform got fewer than %d messages", n)
	return nil
}

// The acceptance of buttons from the bot: a model answer with options
// reaches the platform as an interactive reply-button message, through the
// session actor, its commit and its outbox, and the entry keeps the options.
func TestAnswerWithOptionsReachesThePlatformAsButtons(t *testing.T) {
	const phone = "+5511900000090"
	h := newHarness(t, session.Config{DebounceWindow: 20 * time.Millisecond, DebounceMaxWait: time.Second},
		func(int) string { return `{"s":0,"options":["Sim","Não"]} Confirma?` })
	// Made after the harness, the platform closes (and with it the client's
	// connections) before the harness counts goroutines.
	platform := newCloudPlatform(t)
	client, err := cloudapi.NewClient(cloudapi.ClientConfig{
		Config:  httpcall.Config{BaseURL: platform.URL, AccessToken: "token", MaxRPS: 1000, Timeout: 5 * time.Second},
		Version: "v21.0", PhoneNumberID: "PNID_1",
	}, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	h.stop()
	h.send = client
	h.start()

	h.deliver(phone, "wamid.IN1", "quero mudar o pedido")
	var reply struct {
		Type        string `json:"type"`
		Interactive struct {
			Type   string `json:"type"`
			Body   struct{ Text string }
			Action struct {
				Buttons []struct {
					Type  string
					Reply struct{ ID, Title string }
				}
			}
		}
	}
	var sent string
	for _, body := range platform.await(t, 2) { // the mark-read and the reply
		if json.Unmarshal([]byte(body), &reply) == nil && reply.Type == "interactive" {
			sent = body
			break
		}
	}
	if sent == "" {
		t.Fatalf("no interactive message among %q", platform.await(t, 2))
	}
	b := reply.Interactive
	if b.Type != "button" || b.Body.Text != "Confirma?" || len(b.Action.Buttons) != 2 ||
		b.Action.Buttons[0].Reply.Title != "Sim" || b.Action.Buttons[1].Reply.Title != "Não" ||
		b.Action.Buttons[0].Reply.ID == b.Action.Buttons[1].Reply.ID {
		t.Errorf("platform got %s, want reply buttons Sim and Não under Confirma?", sent)
	}
	log := h.messages(phone)
	out := log[len(log)-1]
	if !slices.Equal(out.Options, []string{"Sim", "Não"}) || out.CleanMessageSent != "Confirma?" {
		t.Errorf("outbox entry = %+v, want the text and its options", out)
	}
}

// With interactive messages off, the chat answers as the customer is
// answered: the options numbered in the text; on, they come apart.
func TestChatReplyCarriesOptions(t *testing.T) {
	answer := func(int) string { return `{"s":0,"options":["Sim","Não"]} Confirma?` }
	cfg := session.Config{DebounceWindow: time.Hour, DebounceMaxWait: time.Hour}
	h := newHarness(t, cfg, answer)
	if r := h.chat("+5511900000091", "c1", "Oi"); r.GetReply() != "Confirma?" || !slices.Equal(r.GetOptions(), []string{"Sim", "Não"}) {
		t.Errorf("chat reply = %q %q, want the text and its options", r.GetReply(), r.GetOptions())
	}
	// The reply goes out after the chat answers: stopping before it left
	// would leave it to the outbox's recovery, which nothing here wakes.
	h.waitSends(1)
	h.stop()
	h.numbered = true
	h.start()
	if r := h.chat("+5511900000092", "c2", "Oi"); r.GetReply() != "Confirma?\n\n1. Sim\n2. Não" || len(r.GetOptions()) != 0 {
		t.Errorf("chat reply = %q %q, want the options numbered in the text", r.GetReply(), r.GetOptions())
	}
	if sends := h.waitSends(2); sends[1].Text != "Confirma?\n\n1. Sim\n2. Não" || sends[0].Form != messaging.FormButtons {
		t.Errorf("stub sends = %+v, want buttons, then numbered text once turned off", sends)
	}
}
