package admin_test

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// noModel is the model of conversations that are only reset: a call fails.
type noModel struct{}

func (noModel) Call(context.Context, agent.Request) (agent.LLMCallResult, error) {
	return agent.LLMCallResult{}, errors.New("no model in admin tests")
}

// newConversationFixture is a fixture whose reset reaches real
// conversations over its table, as the runtime wires them.
func newConversationFixture(t *testing.T) *fixture {
	t.Helper()
	table := memory.New(memory.WithClock(func() time.Time { return now }))
	store, err := content.Open("")
	if err != nil {
		t.Fatal(err)
	}
	engine, err := conversation.New(conversation.Config{}, store)
	if err != nil {
		t.Fatal(err)
	}
	system := actor.NewActorSystem(actor.WithLoggerFactory(func(*actor.ActorSystem) *slog.Logger {
		return slog.New(slog.DiscardHandler)
	}))
	t.Cleanup(system.Shutdown)
	sup, err := session.NewSupervisor(system, session.Deps{
		Store:     session.NewTableStore(table),
		Engine:    engine,
		Model:     noModel{},
		Messaging: messaging.RepliesDeps{Sender: messaging.NewStub(zap.NewNop()), Outbox: persistence.NewOutbox(table)},
		Now:       func() time.Time { return now },
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sup.Stop() })
	return newFixtureOn(t, admin.Config{Conversations: sup}, table)
}
