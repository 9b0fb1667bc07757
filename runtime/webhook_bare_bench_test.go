package runtime_test

import (
	"context"
	"encoding/json"
	"net"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/persistence/persistencetest"
)

// startBareWebhook serves, until b ends, the least a webhook can do for a
// message and still keep it: a bare fiber handler that reads the delivery
// and, for each message, records its receipt with one conditional put and
// sends its queue message. No signature check, no validation, no claim, no
// metrics. Its table and queue take callLatency a call, as the
// application's do in BenchmarkWebhook.
func startBareWebhook(b *testing.B) *webhookSide {
	side := &webhookSide{
		table: &persistencetest.CountingTable{Table: latencyTable{Table: memory.New(), latency: callLatency}},
		queue: &sendOnlyQueue{latency: callLatency},
	}
	receipts := persistence.NewReceipts(side.table)
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	app.Post("/webhook", func(c *fiber.Ctx) error {
		var d yardstickDelivery
		if err := json.Unmarshal(c.Body(), &d); err != nil {
			return c.SendStatus(fiber.StatusBadRequest)
		}
		now := time.Now()
		for _, e := range d.Entry {
			for _, ch := range e.Changes {
				for _, m := range ch.Value.Messages {
					turn := domain.InboundTurn{PhoneNumber: "+" + m.From, MessageID: m.ID, Content: m.Text.Body, ReceivedAt: now, Instance: "instance_a"}
					if err := receipts.Record(c.UserContext(), persistence.NewReceipt(turn, now)); err != nil {
						return c.SendStatus(fiber.StatusInternalServerError)
					}
					if err := side.queue.Send(c.UserContext(), turn.QueueMessage()); err != nil {
						return c.SendStatus(fiber.StatusInternalServerError)
					}
				}
			}
		}
		return c.SendStatus(fiber.StatusOK)
	})
	side.client = serveUntilCleanup(b, func(ctx context.Context, ln net.Listener) error {
		go func() {
			<-ctx.Done()
			_ = app.Shutdown()
		}()
		return app.Listener(ln)
	})
	return side
}
