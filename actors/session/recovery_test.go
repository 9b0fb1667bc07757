package session_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/llmtest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// A debounce buffer an older release left (it persisted buffers and listed
// them under one index key) is answered after the upgrade's start, and the
// commit that answers it deletes it.
func TestBufferLeftByAnOlderReleaseIsAnswered(t *testing.T) {
	h := newHarness(t, session.Config{}, llmtest.AnswerWith("Voltei!"))
	const phone = "+5511900000030"
	item, err := persistence.EncodeBuffer(persistence.DebounceBuffer{PhoneNumber: phone, Turns: []domain.InboundTurn{{
		PhoneNumber: phone, MessageID: "k1", Content: "Oi, alguém aí?", ReceivedAt: time.Now().UTC(), Instance: "instance_a",
	}}})
	if err != nil {
		t.Fatal(err)
	}
	item[persistence.AttrGSI1PK] = &types.AttributeValueMemberS{Value: "DEBOUNCE"}
	item[persistence.AttrGSI1SK] = &types.AttributeValueMemberS{Value: phone}
	ctx := context.Background()
	if err := h.table.Put(ctx, item, nil); err != nil {
		t.Fatal(err)
	}
	if n, err := h.sup.Recover(ctx); err != nil || n != 1 {
		t.Fatalf("Recover = %d, %v; want the one buffered phone", n, err)
	}
	if sends := h.waitSends(1); sends[0].Text != "Voltei!" {
		t.Fatalf("sends = %+v", sends)
	}
	if calls := h.model.Calls(); len(calls) < 1 || !contains(joinAll(calls[0]), "Oi, alguém aí?") {
		t.Fatalf("calls = %q, want the buffered turn answered", calls)
	}
	if turns, err := persistence.NewDebounceBuffers(h.table).Load(ctx, phone); err != nil || len(turns) != 0 {
		t.Errorf("buffer after the answer = %v, %v; want it deleted", turns, err)
	}
}

func TestIdleActorStopsAndComesBackWithTheSameState(t *testing.T) {
	h := newHarness(t, session.Config{DebounceWindow: 50 * time.Millisecond, DebounceMaxWait: time.Second, IdleTimeout: 100 * time.Millisecond},
		func(n int) string {
			if n == 1 {
				return `{"s":1,"service":"Pesquisa de mercado","segment":"pesquisa","intent":"contratar","qualification_data":{"tema":"varejo"}} Qual é o seu nome?`
			}
			return `{"s":0,"qualification_data":{}} Obrigado!`
		})
	first := h.chat("+5511900000031", "i1", "quero uma pesquisa de mercado")
	time.Sleep(500 * time.Millisecond) // several idle timeouts: the actor is gone
	second := h.chat("+5511900000031", "i2", "Maria Silva")
	if second.GetSessionId() != first.GetSessionId() || second.GetState() != first.GetState() {
		t.Fatalf("after idle: %+v, before: %+v", second, first)
	}
	calls := h.model.Calls()
	if !contains(joinAll(calls[1]), "quero uma pesquisa de mercado") {
		t.Errorf("the restored actor lost the history: %q", calls[1])
	}
}

// actorCount counts the session actors running; the rest of Metrics is
// ignored.
type actorCount struct {
	session.Metrics
	running atomic.Int64
}

func (a *actorCount) ActorStarted()                                   { a.running.Add(1) }
func (a *actorCount) ActorStopped()                                   { a.running.Add(-1) }
func (a *actorCount) Turn(string)                                     {}
func (a *actorCount) ModelCall(string, bool, int, int, time.Duration) {}
func (a *actorCount) DebounceMerged(int)                              {}
func (a *actorCount) Sent(domain.ErrorKind)                           {}
func (a *actorCount) OutboxUncertain()                                {}
func (a *actorCount) Replied(time.Time, time.Time)                    {}
func (a *actorCount) OperatorReplied(time.Time, time.Time)            {}

// An actor still busy when its idle timeout first fires (its turn waits in
// the debounce window) retires once the turn is done: the timeout is armed
// again, or it would stay in memory for good.
func TestActorBusyAtItsFirstIdleTimeoutRetiresLater(t *testing.T) {
	count := &actorCount{}
	h := &harness{t: t, cfg: session.Config{DebounceWindow: 300 * time.Millisecond, DebounceMaxWait: time.Second, IdleTimeout: 50 * time.Millisecond}}
	h.table, h.model, h.sender = memory.New(), llmtest.NewServer(t, llmtest.AnswerWith("Oi!")), messaging.NewStub(zap.NewNop())
	h.notices, h.metrics = handoff.NewStub(zap.NewNop()), count
	h.start()
	h.deliver("+5511900000033", "b1", "Oi")
	h.waitSends(1)
	deadline := time.Now().Add(5 * time.Second)
	for count.running.Load() != 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := count.running.Load(); n != 0 {
		t.Errorf("%d session actors still running long after the turn; want the idle one retired", n)
	}
}

func TestStaleSnapshotWriteIsRejected(t *testing.T) {
	h := newHarness(t, session.Config{}, llmtest.AnswerWith("Oi!"))
	reply := h.chat("+5511900000032", "v1", "Oi")
	sessions := persistence.NewSessions(h.table)
	ctx := context.Background()
	loaded, err := sessions.Get(ctx, "+5511900000032", reply.GetSessionId())
	if err != nil {
		t.Fatal(err)
	}
	stale := loaded
	newer := loaded
	newer.RetryCount = 1
	if _, err := sessions.Save(ctx, newer); err != nil {
		t.Fatal(err)
	}
	stale.State = domain.StateClosed
	if _, err := sessions.Save(ctx, stale); !errors.Is(err, persistence.ErrConflict) {
		t.Fatalf("stale save: err = %v, want ErrConflict", err)
	}
	stored, _ := sessions.Get(ctx, "+5511900000032", reply.GetSessionId())
	if stored.RetryCount != 1 || stored.State == domain.StateClosed {
		t.Errorf("stale write overwrote the newer state: %+v", stored)
	}
}

func TestForgottenConversationReloadsFromTheTable(t *testing.T) {
	h := newHarness(t, session.Config{}, llmtest.AnswerWith("Oi!"))
	phone := "+5511900000033"
	first := h.chat(phone, "e1", "Oi")
	ctx := context.Background()
	if err := h.sup.Forget(ctx, phone); err != nil {
		t.Fatal(err)
	}
	if _, err := persistence.NewSessions(h.table).ClearPhone(ctx, phone); err != nil {
		t.Fatal(err)
	}
	second := h.chat(phone, "e2", "Oi de novo")
	if second.GetError() != "" || second.GetSessionId() == first.GetSessionId() {
		t.Errorf("after forget and clear: %+v, want a fresh session (first was %s)", second, first.GetSessionId())
	}
	if err := h.sup.Forget(ctx, "+5511900000034"); err != nil {
		t.Errorf("forgetting a phone without an actor: %v", err)
	}
}

func TestDrainWaitsForTheTurnInFlight(t *testing.T) {
	h := newHarness(t, session.Config{}, llmtest.AnswerWith("Pronto."))
	release := h.model.Hold(1)
	replied := make(chan struct{})
	go func() {
		defer close(replied)
		h.chat("+5511900000035", "d1", "Oi")
	}()
	<-h.model.Arrived
	short, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if err := h.sup.Drain(short); err == nil {
		t.Fatal("Drain returned while a model call was in flight")
	}
	release()
	if err := h.sup.Drain(context.Background()); err != nil {
		t.Fatalf("Drain after the answer: %v", err)
	}
	<-replied
}
