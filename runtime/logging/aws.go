package logging

import (
	"fmt"

	smithylogging "github.com/aws/smithy-go/logging"
	"go.uber.org/zap"
)

// AWS returns the logger of an AWS SDK client (config.WithLogger), writing
// into logger: the SDK's warnings (a response body it could not close, a
// checksum that did not match) land in the process's format and in the
// ring, where the SDK's default logger writes lines of its own on stderr,
// which a JSON log collector cannot parse. Its debug lines, which the SDK
// writes only when a client's log mode asks for them, stay at debug.
func AWS(logger *zap.Logger) smithylogging.Logger {
	logger = logger.WithOptions(zap.AddCallerSkip(2)) // the SDK's caller, past LoggerFunc
	return smithylogging.LoggerFunc(func(c smithylogging.Classification, format string, v ...any) {
		if c == smithylogging.Warn {
			logger.Warn(fmt.Sprintf(format, v...))
			return
		}
		logger.Debug(fmt.Sprintf(format, v...))
	})
}
