package dashboard

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v2"
)

// keepAlive is how often an idle log stream writes a comment. It keeps
// proxies from closing the connection and is how the stream learns that the
// browser left: the write fails.
const keepAlive = 15 * time.Second

// streamLogs answers with a Server-Sent Events stream: every entry held,
// then every new one, each as an event "log" whose id is the entry's Seq.
// A reconnecting EventSource sends Last-Event-ID and gets only what it
// missed (as far as the buffer still holds it).
//
// The stream ends when the browser leaves (a write fails) or the server
// shuts down (fasthttp closes RequestCtx.Done), so it never holds up a
// graceful stop.
func (h *Handler) streamLogs(c *fiber.Ctx) error {
	after, _ := strconv.ParseUint(c.Get("Last-Event-ID"), 10, 64)
	shutdown := c.Context().Done()
	conn := c.Context().Conn()
	ctx, cancel := context.WithCancel(context.Background())
	// Subscribe before taking the snapshot, so no entry falls between the
	// two; the Seq check drops the ones both hold.
	live := h.deps.Logs.Subscribe(ctx)
	held := h.deps.Logs.Snapshot()
	if n := len(held); n > 0 && held[n-1].Seq < after {
		// The client saw more entries than this process ever wrote: it
		// reconnected to a restarted process, whose numbering began again.
		after = 0
	}

	c.Set(fiber.HeaderContentType, "text/event-stream; charset=utf-8")
	c.Set(fiber.HeaderCacheControl, "no-cache")
	c.Set(fiber.HeaderConnection, "keep-alive")
	c.Set("X-Accel-Buffering", "no")
	c.Context().SetBodyStreamWriter(func(w *bufio.Writer) {
		// fasthttp runs this on its own goroutine, after the handler
		// returned: it must use only what was copied above.
		defer cancel()
		s := sse{w: w, conn: conn, last: after}
		// A first comment opens the stream at once, even with nothing held.
		if s.comment("connected") != nil {
			return
		}
		for _, e := range held {
			if s.send(e) != nil {
				return
			}
		}
		if s.flush() != nil {
			return
		}
		tick := time.NewTicker(keepAlive)
		defer tick.Stop()
		for {
			var err error
			select {
			case e, ok := <-live:
				if !ok {
					return
				}
				if err = s.send(e); err == nil {
					err = s.flush()
				}
			case <-tick.C:
				err = s.comment("keep-alive")
			case <-shutdown:
				return
			}
			if err != nil {
				return
			}
		}
	})
	return nil
}

// sse writes Server-Sent Events, skipping entries at or before last.
type sse struct {
	w    *bufio.Writer
	conn net.Conn
	last uint64
}

// alive moves the connection's write deadline past the next keep-alive
// before each write: the server's HTTP_WRITE_TIMEOUT bounds an ordinary
// answer, and would otherwise cut the stream after its first seconds. A
// browser that stops reading still fails a write within two keep-alives.
func (s *sse) alive() {
	if s.conn != nil {
		_ = s.conn.SetWriteDeadline(time.Now().Add(2 * keepAlive))
	}
}

func (s *sse) send(e LogEntry) error {
	if e.Seq <= s.last {
		return nil
	}
	s.alive()
	s.last = e.Seq
	data, err := json.Marshal(e)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(s.w, "id: %d\nevent: log\ndata: %s\n\n", e.Seq, data)
	return err
}

func (s *sse) comment(text string) error {
	s.alive()
	if _, err := fmt.Fprintf(s.w, ": %s\n\n", text); err != nil {
		return err
	}
	return s.flush()
}

func (s *sse) flush() error { return s.w.Flush() }
