package dashboard

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/httperr"
)

// LogEntry is one entry of the process's in-memory log buffer.
type LogEntry struct {
	// Seq numbers entries from 1 across clears, so a reader joining a
	// snapshot with a stream can skip what it has and see gaps.
	Seq     uint64          `json:"seq"`
	Time    time.Time       `json:"time"`
	Level   string          `json:"level"`
	Logger  string          `json:"logger,omitempty"`
	Message string          `json:"message"`
	Caller  string          `json:"caller,omitempty"`
	Stack   string          `json:"stack,omitempty"`
	Fields  json.RawMessage `json:"fields"`
}

// Logs is the in-process log buffer (runtime/logging's Ring, adapted by the
// runtime). Implementations are safe for concurrent use.
type Logs interface {
	// Snapshot returns the entries held, oldest first.
	Snapshot() []LogEntry
	// Subscribe streams every entry written from now on until ctx is done,
	// then closes the channel. A slow reader misses entries.
	Subscribe(ctx context.Context) <-chan LogEntry
	// Clear empties the buffer, and only the buffer.
	Clear()
}

// logs serves GET /dashboard/logs: {"entries": [...]} oldest first, or a
// Server-Sent Events stream with ?stream=1 or Accept: text/event-stream.
func (h *Handler) logs(c *fiber.Ctx) error {
	if h.deps.Logs == nil {
		return logsUnavailable(c)
	}
	if s := c.Query("stream"); (s != "" && s != "0" && s != "false") || strings.Contains(c.Get(fiber.HeaderAccept), "text/event-stream") {
		return h.streamLogs(c)
	}
	entries := h.deps.Logs.Snapshot()
	if entries == nil {
		entries = []LogEntry{}
	}
	return c.JSON(fiber.Map{"entries": entries})
}

// clearLogs serves POST /dashboard/logs/clear. It empties the memory buffer
// only, and says so: the process output and any log files or remote log
// service keep every line (spec).
func (h *Handler) clearLogs(c *fiber.Ctx) error {
	if h.deps.Logs == nil {
		return logsUnavailable(c)
	}
	h.deps.Logs.Clear()
	return c.JSON(fiber.Map{
		"cleared": true,
		"scope":   "the in-process memory buffer only; the process output, log files and any remote log service keep their lines",
	})
}

func logsUnavailable(c *fiber.Ctx) error {
	return httperr.Write(c, fiber.StatusServiceUnavailable, "logs_unavailable",
		"this process was started without an in-memory log buffer")
}
