package session_test

import (
	"context"
	"fmt"
	"log/slog"
	goruntime "runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// instantModel answers at once and counts its calls: the benchmarks measure
// Intake, not a provider.
type instantModel struct{ calls atomic.Int64 }

func (m *instantModel) Call(context.Context, agent.Request) (agent.LLMCallResult, error) {
	m.calls.Add(1)
	return agent.LLMCallResult{RawResponse: `{"s":0,"qualification_data":{}} Certo.`, Model: "instant"}, nil
}

func quietSystem() *actor.ActorSystem {
	return actor.NewActorSystem(actor.WithLoggerFactory(func(*actor.ActorSystem) *slog.Logger {
		return slog.New(slog.DiscardHandler)
	}))
}

func benchSupervisor(b *testing.B, system *actor.ActorSystem, model agent.Model, cfg session.Config) *session.Supervisor {
	b.Helper()
	store, err := content.Open("")
	if err != nil {
		b.Fatal(err)
	}
	engine, err := conversation.New(conversation.Config{}, store)
	if err != nil {
		b.Fatal(err)
	}
	table := memory.New()
	sup, err := session.NewSupervisor(system, session.Deps{
		Config:    cfg,
		Store:     session.NewTableStore(table),
		Engine:    engine,
		Model:     model,
		Messaging: messaging.RepliesDeps{Sender: messaging.NewStub(zap.NewNop()), Outbox: persistence.NewOutbox(table)},
		Logger:    zap.NewNop(),
	})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = sup.Stop(); system.Shutdown() })
	return sup
}

// rawSendsPerSecond is the baseline: how many messages per second protoactor
// delivers from the root to one counting actor on this machine, now.
func rawSendsPerSecond(n int) float64 {
	system := quietSystem()
	defer system.Shutdown()
	done := make(chan struct{})
	var seen int
	pid := system.Root.Spawn(actor.PropsFromFunc(func(ctx actor.Context) {
		if _, ok := ctx.Message().(*sessionpb.Wake); ok {
			if seen++; seen == n {
				close(done)
			}
		}
	}))
	msg := &sessionpb.Wake{}
	start := time.Now()
	for range n {
		system.Root.Send(pid, msg)
	}
	<-done
	return float64(n) / time.Since(start).Seconds()
}

// turnsPerConversation keeps benchmark conversations at a realistic length:
// each turn reads the session's history, which grows with it.
const turnsPerConversation = 10

// BenchmarkTurn measures whole turns (buffer write, session load, model call,
// rules, log and snapshot commit, send) with an instant model and the memory
// table, 64 conversations at once, and reports turns/s as a ratio to raw
// protoactor sends measured in the same run.
func BenchmarkTurn(b *testing.B) {
	baseline := rawSendsPerSecond(200_000)
	sup := benchSupervisor(b, quietSystem(), &instantModel{}, session.Config{})
	var next atomic.Int64
	b.SetParallelism(32)
	b.ResetTimer()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		ctx := context.Background()
		var phone string
		for i := 0; pb.Next(); i++ {
			if i%turnsPerConversation == 0 {
				phone = fmt.Sprintf("+55119%08d", next.Add(1))
			}
			_, err := sup.Chat(ctx, &sessionpb.ChatRequest{Turn: turn(phone, fmt.Sprintf("%s-%d", phone, i), "Oi")})
			if err != nil {
				b.Error(err)
				return
			}
		}
	})
	turns := float64(b.N) / time.Since(start).Seconds()
	b.ReportMetric(turns, "turns/s")
	b.ReportMetric(baseline, "raw-sends/s")
	b.ReportMetric(turns/baseline, "ratio")
}

// BenchmarkIdleSessionMemory reports the heap held per live session actor
// with nothing to do (loaded, no buffer, no turn): what a quiet conversation
// costs until its idle timeout stops it.
func BenchmarkIdleSessionMemory(b *testing.B) {
	const actors = 2000
	sup := benchSupervisor(b, quietSystem(), &instantModel{}, session.Config{IdleTimeout: time.Hour})
	ctx := context.Background()
	for range b.N {
		goruntime.GC()
		var before, after goruntime.MemStats
		goruntime.ReadMemStats(&before)
		for i := range actors {
			// A chat starts the actor and leaves it idle with a session.
			phone := fmt.Sprintf("+55118%08d", i+b.N*actors)
			if _, err := sup.Chat(ctx, &sessionpb.ChatRequest{Turn: turn(phone, phone, "Oi")}); err != nil {
				b.Fatal(err)
			}
		}
		goruntime.GC()
		goruntime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/actors, "B/actor")
	}
}

// BenchmarkModelCallsPerBurst sends bursts of five messages, 5 ms apart
// inside a 50 ms window, and reports model calls per burst: the goal is
// exactly one.
func BenchmarkModelCallsPerBurst(b *testing.B) {
	model := &instantModel{}
	sup := benchSupervisor(b, quietSystem(), model, session.Config{DebounceWindow: 50 * time.Millisecond, DebounceMaxWait: time.Second})
	ctx := context.Background()
	for i := range b.N {
		phone := fmt.Sprintf("+55117%08d", i)
		for j := range 5 {
			if _, err := sup.Deliver(ctx, turn(phone, fmt.Sprintf("%s-%d", phone, j), "parte")); err != nil {
				b.Fatal(err)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for model.calls.Load() < int64(b.N) && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond) // a second call per burst would land here
	b.ReportMetric(float64(model.calls.Load())/float64(b.N), "calls/burst")
}
