package runtime_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/internal/outbound"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/persistencetest"
)

// yardstick is the minimal service the end-to-end benchmark compares the
// application with: a bare fiber handler that, for each message of a
// webhook delivery, does the external calls a turn does (mark-read, one
// model call with a request as large as the application's, the send) and
// the four table requests that keep a new phone's turn durable
// (yardstickTable), through the same table as the application's, and
// nothing else: no queue, no actors, no debounce. It uses an outbound
// transport configured as the application's.
type yardstick struct {
	table    yardstickTable
	client   *http.Client
	model    string // the Responses API endpoint
	platform string // the Cloud API messages endpoint
	// promptHead and promptTail wrap the customer's text (JSON-quoted) into
	// a model request of the application's size.
	promptHead, promptTail []byte
}

func newYardstick(f *e2eFakes, promptBytes int, table persistence.Table) *yardstick {
	y := &yardstick{
		table:    yardstickTable{table},
		client:   &http.Client{Transport: outbound.NewTransport(outbound.Config{})},
		model:    f.model.URL + "/v1/responses",
		platform: f.platform.URL + "/v21.0/PNID/messages",
	}
	head := `{"model":"test-model","input":[{"role":"system","content":"`
	tail := `"}]}`
	user := `"},{"role":"user","content":`
	pad := max(0, promptBytes-len(head)-len(user)-len(`"Olá, preciso de um orçamento"`)-len(tail))
	y.promptHead = []byte(head + strings.Repeat("x", pad) + user)
	y.promptTail = []byte(tail)
	return y
}

// app is the yardstick's fiber app.
func (y *yardstick) app() *fiber.App {
	app := fiber.New(fiber.Config{DisableStartupMessage: true, BodyLimit: 3 << 20})
	app.Post("/webhook", y.webhook)
	return app
}

// yardstickDelivery is the part of a delivery the yardstick reads.
type yardstickDelivery struct {
	Entry []struct {
		Changes []struct {
			Value struct {
				Messages []struct {
					From string `json:"from"`
					ID   string `json:"id"`
					Text struct {
						Body string `json:"body"`
					} `json:"text"`
				} `json:"messages"`
			} `json:"value"`
		} `json:"changes"`
	} `json:"entry"`
}

func (y *yardstick) webhook(c *fiber.Ctx) error {
	var d yardstickDelivery
	if err := json.Unmarshal(c.Body(), &d); err != nil {
		return c.SendStatus(fiber.StatusBadRequest)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, e := range d.Entry {
		for _, ch := range e.Changes {
			for _, m := range ch.Value.Messages {
				if err := y.answer(ctx, m.From, m.ID, m.Text.Body); err != nil {
					return c.SendStatus(fiber.StatusInternalServerError)
				}
			}
		}
	}
	return c.SendStatus(fiber.StatusOK)
}

// answer keeps the message, marks it read, asks the model, commits the
// turn, sends its reply and records the send.
func (y *yardstick) answer(ctx context.Context, from, id, text string) error {
	now := time.Now()
	if err := y.table.receive(ctx, from, id, text, now); err != nil {
		return err
	}
	read, _ := json.Marshal(map[string]any{
		"messaging_product": "whatsapp", "status": "read", "message_id": id,
		"typing_indicator": map[string]string{"type": "text"},
	})
	if err := y.post(ctx, y.platform, read, nil); err != nil {
		return err
	}
	if err := y.table.active(ctx, from); err != nil {
		return err
	}
	quoted, _ := json.Marshal(text)
	prompt := make([]byte, 0, len(y.promptHead)+len(quoted)+len(y.promptTail))
	prompt = append(append(append(prompt, y.promptHead...), quoted...), y.promptTail...)
	var answer struct {
		Output []struct {
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
		} `json:"output"`
	}
	if err := y.post(ctx, y.model, prompt, &answer); err != nil {
		return err
	}
	if len(answer.Output) == 0 || len(answer.Output[0].Content) == 0 {
		return fmt.Errorf("model answered nothing")
	}
	_, reply, _ := strings.Cut(answer.Output[0].Content[0].Text, "} ")
	if err := y.table.commit(ctx, from, id, text, reply, now); err != nil {
		return err
	}
	send, _ := json.Marshal(map[string]any{
		"messaging_product": "whatsapp", "recipient_type": "individual", "to": from, "type": "text",
		"text": map[string]any{"preview_url": false, "body": reply},
	})
	var sent struct {
		Messages []struct {
			ID string `json:"id"`
		} `json:"messages"`
	}
	if err := y.post(ctx, y.platform, send, &sent); err != nil {
		return err
	}
	if len(sent.Messages) == 0 {
		return fmt.Errorf("the platform answered no message ID")
	}
	return y.table.sent(ctx, id, sent.Messages[0].ID)
}

// post sends body and decodes a 2xx answer into out (when not nil).
func (y *yardstick) post(ctx context.Context, url string, body []byte, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer bench-token")
	req.Header.Set("Content-Type", "application/json")
	res, err := y.client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode/100 != 2 {
		return fmt.Errorf("%s answered %d", url, res.StatusCode)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(data, out)
}

// runYardstick drives phones through the yardstick over table (counted).
func runYardstick(b *testing.B, f *e2eFakes, phones, promptBytes int, table persistence.Table) e2eRun {
	counted := &persistencetest.CountingTable{Table: table}
	y := newYardstick(f, promptBytes, counted)
	app := y.app()
	ln := listen(b)
	served := make(chan error, 1)
	go func() { served <- app.Listener(ln) }()
	defer func() {
		if err := app.ShutdownWithTimeout(10 * time.Second); err != nil {
			b.Error(err)
		}
		_ = ln.Close() // closed by the shutdown unless it came before serving
		<-served
		y.client.CloseIdleConnections()
	}()
	run := drive(b, ln.Addr().String(), f.begin(phones, e2eWindow))
	run.tableCalls = counted.Requests()
	return run
}
