package logging_test

import (
	"fmt"
	"io"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/runtime/logging"
)

// The ring holds what the logger wrote, for the dashboard to show.
func ExampleNew() {
	logger, ring, err := logging.New(logging.Options{Format: logging.JSON, Output: io.Discard})
	if err != nil {
		panic(err)
	}
	logger.Named("webhook").Info("message received", zap.String("message_id", "wamid.1"))
	logging.Slog(logger.Named("actor")).Info("actor started", "pid", "$1")

	for _, e := range ring.Snapshot() {
		fmt.Println(e.Seq, e.Level, e.Logger, e.Message, string(e.Fields))
	}
	// Output:
	// 1 info webhook message received {"message_id":"wamid.1"}
	// 2 info actor actor started {"pid":"$1"}
}
