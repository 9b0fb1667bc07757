package logging

import (
	"log/slog"
	"time"
)

// NewActorHandler is Actor's handler over next, with the interval and the
// clock a test picks.
func NewActorHandler(next slog.Handler, every time.Duration, now func() time.Time) slog.Handler {
	return newActorHandler(next, every, now)
}
