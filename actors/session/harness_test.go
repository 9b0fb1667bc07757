package session_test

import (
	"context"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/intake-runtime/intake/actors/agent/openai"
	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/internal/llmtest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// harness is one running actor system with a session supervisor over a
// memory table, a Responses API server and a recording messaging stub.
type harness struct {
	t      *testing.T
	table  persistence.Table
	model  *llmtest.Server
	sender *messaging.Stub
	// send, when set, is the platform the actors call instead of sender.
	send messaging.Sender
	// numbered turns interactive messages off (MESSAGING_INTERACTIVE=false).
	numbered bool
	// metrics, when set, counts what the conversations do.
	metrics session.Metrics
	// notices records what operators were told of handoffs.
	notices *handoff.Stub
	// notifier, when set, is what the actors notify through instead of
	// notices (it may record into notices itself).
	notifier handoff.Notifier
	// handoffOpts are the handoff child's options (an assigner).
	handoffOpts []handoff.Option
	system      *actor.ActorSystem
	sup         *session.Supervisor
	cfg         session.Config
	// business, when set, is the engine's business setting (the farewell).
	business *conversation.Business
	// csat and reopen are the engine's closing settings (CSAT_ENABLED,
	// REOPEN_WINDOW).
	csat   bool
	reopen time.Duration
	// shift moves the actors' clock forward; tests change it between steps.
	shift atomic.Int64
	// hearing, when set, is how the conversations hear voice notes.
	hearing session.Hearing
	// wrapStore, when set, wraps the table store the conversations use.
	wrapStore func(session.Store) session.Store
	// logs records what the conversations log at INFO and above.
	logs *observer.ObservedLogs
	core zapcore.Core
}

func (h *harness) now() time.Time { return time.Now().Add(time.Duration(h.shift.Load())) }

func newHarness(t *testing.T, cfg session.Config, answer func(int) string) *harness {
	return newHarnessSetUp(t, cfg, answer, nil)
}

// newHarnessSetUp is newHarness with setup (when not nil) applied to the
// harness before its actors start.
func newHarnessSetUp(t *testing.T, cfg session.Config, answer func(int) string, setup func(*harness)) *harness {
	leaktest.Check(t)
	h := &harness{t: t, table: memory.New(), model: llmtest.NewServer(t, answer), sender: messaging.NewStub(zap.NewNop()), notices: handoff.NewStub(zap.NewNop()), cfg: cfg}
	h.core, h.logs = observer.New(zap.InfoLevel)
	if setup != nil {
		setup(h)
	}
	h.start()
	return h
}

// start starts an actor system over the harness's table (again, after stop).
func (h *harness) start() {
	h.t.Helper()
	h.system, h.sup = h.supervise()
	h.t.Cleanup(h.stop)
}

// supervise starts an actor system with a session supervisor over the
// harness's table, model and platform; the caller stops both.
func (h *harness) supervise() (*actor.ActorSystem, *session.Supervisor) {
	h.t.Helper()
	model, err := openai.New(openai.Config{APIKey: "test", BaseURL: h.model.URL + "/v1", Model: "test-model", MaxRetries: -1}, zap.NewNop())
	if err != nil {
		h.t.Fatal(err)
	}
	store, err := content.Open("")
	if err != nil {
		h.t.Fatal(err)
	}
	engine, err := conversation.New(conversation.Config{Hours: h.cfg.Hours, Business: h.business, CSATEnabled: h.csat, ReopenWindow: h.reopen}, store)
	if err != nil {
		h.t.Fatal(err)
	}
	system := actor.NewActorSystem(actor.WithLoggerFactory(func(*actor.ActorSystem) *slog.Logger {
		return slog.New(slog.DiscardHandler)
	}))
	var sessions session.Store = session.NewTableStore(h.table)
	if h.wrapStore != nil {
		sessions = h.wrapStore(sessions)
	}
	sup, err := session.NewSupervisor(system, session.Deps{
		Config:    h.cfg,
		Store:     sessions,
		Engine:    engine,
		Model:     model,
		Messaging: messaging.RepliesDeps{Sender: h.platform(), Outbox: persistence.NewOutbox(h.table), Retry: quickRetry, NumberedOptions: h.numbered},
		Hearing:   h.hearing,
		Handoff:   handoff.Props(h.notifierOrStub(), handoff.NewQueue(h.table), zap.NewNop(), h.handoffOpts...),
		Metrics:   h.metrics,
		Now:       h.now,
		Logger:    zap.New(h.core),
	})
	if err != nil {
		system.Shutdown()
		h.t.Fatal(err)
	}
	return system, sup
}

// platform is what the actors send through.
func (h *harness) platform() messaging.Sender {
	if h.send != nil {
		return h.send
	}
	return h.sender
}

// notifierOrStub is what the actors notify operators through.
func (h *harness) notifierOrStub() handoff.Notifier {
	if h.notifier != nil {
		return h.notifier
	}
	return h.notices
}

func (h *harness) stop() {
	if h.sup == nil {
		return
	}
	if err := h.sup.Stop(); err != nil {
		h.t.Errorf("stop supervisor: %v", err)
	}
	h.system.Shutdown()
	h.sup = nil
}

// quickRetry retries failed sends within milliseconds, so tests that make the
// platform fail do not wait out production backoff.
var quickRetry = messaging.Retry{Attempts: 4, Base: 5 * time.Millisecond, Max: 20 * time.Millisecond}

func turn(phone, id, text string) *sessionpb.InboundTurn {
	return &sessionpb.InboundTurn{
		PhoneNumber: phone, MessageId: id, Content: text,
		ReceivedAt: timestamppb.Now(), Instance: "instance_a", MessageType: "text",
	}
}

func (h *harness) deliver(phone, id, text string) {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := h.sup.Deliver(ctx, turn(phone, id, text)); err != nil {
		h.t.Fatalf("deliver %s: %v", id, err)
	}
}

func (h *harness) chat(phone, id, text string) *sessionpb.ChatReply {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	reply, err := h.sup.Chat(ctx, &sessionpb.ChatRequest{Turn: turn(phone, id, text)})
	if err != nil {
		h.t.Fatalf("chat %s: %v", id, err)
	}
	return reply
}

// waitSends waits until the stub platform received n messages.
func (h *harness) waitSends(n int) []messaging.StubSend {
	h.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if sends := h.sender.Sends(); len(sends) >= n {
			return sends
		}
		time.Sleep(10 * time.Millisecond)
	}
	h.t.Fatalf("waited for %d sends, got %d", n, len(h.sender.Sends()))
	return nil
}

// messages returns the message log of the phone's active session.
func (h *harness) messages(phone string) []domain.Message {
	h.t.Helper()
	ctx := context.Background()
	s, err := persistence.NewSessions(h.table).Active(ctx, phone)
	if err != nil {
		h.t.Fatalf("active session of %s: %v", phone, err)
	}
	log, err := persistence.NewMessages(h.table).List(ctx, phone, s.SessionID)
	if err != nil {
		h.t.Fatal(err)
	}
	return log
}

func joinAll(texts []string) string { return strings.Join(texts, "\n") }

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// ordered reports whether every part occurs in s, each after the previous one.
func ordered(s string, parts ...string) bool {
	for _, p := range parts {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return true
}

func countInbound(log []domain.Message) int {
	n := 0
	for _, m := range log {
		if m.Direction == domain.DirectionInbound {
			n++
		}
	}
	return n
}
