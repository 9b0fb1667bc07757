package logging_test

import (
	"bytes"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/runtime/logging"
)

// chatRequest stands for a conversation's message as the actor library
// logs it in a dead letter or a cluster request.
type chatRequest struct{ Phone, Content string }

// The actor library names actors and cluster identities by phone and logs
// whole messages: the lines it writes through Slog hold the phone masked,
// the message only as its type, and no e-mail.
func TestSlogMasksPersonalData(t *testing.T) {
	var out bytes.Buffer
	logger, _ := newLogger(t, logging.Options{Format: logging.JSON, Output: &out})
	log := logging.Slog(logger.Named("actor")).With("identity", "+5511987654321")
	log.Info("[DeadLetter] for +5511987654321",
		slog.Any("pid", stringer("nonhost/sessions/+5511987654321")),
		slog.Any("message", chatRequest{Phone: "+5511987654321", Content: "meu e-mail é joana@example.com"}),
		slog.Any("error", errors.New("ask 5511987654321: timeout")),
		slog.Group("request", slog.String("to", "5511987654321")),
		slog.Int("attempt", 2))

	got := out.String()
	for _, leaked := range []string{"5511987654321", "joana@example.com", "meu e-mail"} {
		if strings.Contains(got, leaked) {
			t.Errorf("the line holds %q:\n%s", leaked, got)
		}
	}
	for _, kept := range []string{`"identity":"…4321"`, `"pid":"nonhost/sessions/…4321"`, `"message":"logging_test.chatRequest"`,
		`"error":"ask …4321: timeout"`, `"request":{"to":"…4321"}`, `"attempt":2`, `"msg":"[DeadLetter] for …4321"`} {
		if !strings.Contains(got, kept) {
			t.Errorf("the line lacks %s:\n%s", kept, got)
		}
	}
}

type stringer string

func (s stringer) String() string { return string(s) }
