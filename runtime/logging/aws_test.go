package logging_test

import (
	"testing"

	smithylogging "github.com/aws/smithy-go/logging"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/intake-runtime/intake/runtime/logging"
)

func TestTheAWSSDKLogsThroughZapAtItsLevel(t *testing.T) {
	core, logs := observer.New(zapcore.DebugLevel)
	sdk := logging.AWS(zap.New(core).Named("aws"))
	sdk.Logf(smithylogging.Warn, "failed to close HTTP response body: %s", "checksum")
	sdk.Logf(smithylogging.Debug, "request %d", 1)

	got := logs.All()
	if len(got) != 2 {
		t.Fatalf("logged %d entries, want 2: %v", len(got), got)
	}
	for i, want := range []struct {
		level   zapcore.Level
		message string
	}{
		{zapcore.WarnLevel, "failed to close HTTP response body: checksum"},
		{zapcore.DebugLevel, "request 1"},
	} {
		if got[i].Level != want.level || got[i].Message != want.message || got[i].LoggerName != "aws" {
			t.Errorf("entry %d = %s %q from %q, want %s %q from \"aws\"", i, got[i].Level, got[i].Message, got[i].LoggerName, want.level, want.message)
		}
	}
}
