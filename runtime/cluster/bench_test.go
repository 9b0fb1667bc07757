package cluster

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"
	"google.golang.org/protobuf/types/known/timestamppb"

	"github.com/intake-runtime/intake/actors/agent/demo"
	"github.com/intake-runtime/intake/actors/conversation"
	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime/config"
)

// benchMemberEnv, set to a config.Cluster as JSON, makes the test binary the
// other member of BenchmarkClusterRequest instead of running tests: one
// member per process, as two in one race on a gRPC logger global.
const benchMemberEnv = "INTAKE_CLUSTER_BENCH_MEMBER"

func TestMain(m *testing.M) {
	if spec := os.Getenv(benchMemberEnv); spec != "" {
		if err := runBenchMember(spec); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// benchPhones are the conversations each side of the benchmark cycles
// through, so that no one history grows long.
const benchPhones = 16

// BenchmarkClusterRequest measures what crossing a member costs: the same
// ask of a warm conversation on another member (a second process on this
// machine, reached through Conversations) and of a local supervisor's
// conversation, alternating the two in one run. "turn" is a whole turn (a
// chat: buffer write, model call, commit, send, over the memory table with
// the offline demo model); "request" is a request the conversation answers
// at once. Each reports both sides' p50 and p99 and the ratio of the p50s.
func BenchmarkClusterRequest(b *testing.B) {
	name := fmt.Sprintf("bench-%d-%d", os.Getpid(), time.Now().UnixNano())
	ports := freePorts(b, 4)
	peers := []string{fmt.Sprintf("127.0.0.1:%d", ports[1]), fmt.Sprintf("127.0.0.1:%d", ports[3])}
	here := benchMember(name, ports[0], ports[1], peers)
	startBenchMember(b, benchMember(name, ports[2], ports[3], peers))

	system := quietSystem()
	grains, err := session.NewGrains(benchDeps(b))
	if err != nil {
		b.Fatal(err)
	}
	metrics := &benchMetrics{}
	conv, err := Join(system, here, grains, metrics, zap.NewNop())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = conv.Stop() })
	for deadline := time.Now().Add(30 * time.Second); metrics.members.Load() < 2; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			b.Fatal("the other member did not join within 30 s")
		}
	}
	localSystem := quietSystem()
	local, err := session.NewSupervisor(localSystem, benchDeps(b))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = local.Stop(); localSystem.Shutdown() })

	ctx := context.Background()
	b.Run("turn", func(b *testing.B) {
		compare(b, local, conv, placedElsewhere(b, conv, "+55116"), func(c conversations, phone string, n int) error {
			reply, err := c.Chat(ctx, &sessionpb.ChatRequest{Turn: &sessionpb.InboundTurn{
				PhoneNumber: phone, MessageId: fmt.Sprintf("%s-%d", phone, n), Content: "Oi, quero um orçamento",
				ReceivedAt: timestamppb.Now(), Instance: "bench", MessageType: "text",
			}})
			if err == nil && reply.GetError() != "" {
				err = errors.New(reply.GetError())
			}
			return err
		})
	})
	b.Run("request", func(b *testing.B) {
		// An operator's command to a phone without a conversation: the
		// activation refuses it at once, from memory, so what is measured
		// is the way there and back.
		compare(b, local, conv, placedElsewhere(b, conv, "+55117"), func(c conversations, phone string, _ int) error {
			res, err := c.Operate(ctx, &sessionpb.OperatorCommand{PhoneNumber: phone, SessionId: "none",
				OperatorPhone: "+5511988880000", Action: sessionpb.OperatorAction_OPERATOR_ACTION_RELEASE})
			if err == nil && res.GetCode() != string(conversation.RefusedNotFound) {
				err = fmt.Errorf("operate: %v", res)
			}
			return err
		})
	})
}

// conversations is what both sides answer: the local supervisor and the
// cluster's addressing.
type conversations interface {
	Chat(context.Context, *sessionpb.ChatRequest) (*sessionpb.ChatReply, error)
	Operate(context.Context, *sessionpb.OperatorCommand) (*sessionpb.OperatorResult, error)
}

// placedElsewhere returns benchPhones phones, numbered after prefix, that
// the cluster places on another member; placing them starts their
// conversations there.
func placedElsewhere(b *testing.B, conv *Conversations, prefix string) []string {
	b.Helper()
	var phones []string
	for i := 0; len(phones) < benchPhones; i++ {
		phone := fmt.Sprintf("%s%08d", prefix, i)
		pid := conv.cluster.Get(phone, Kind)
		if pid == nil {
			b.Fatalf("the cluster placed %s nowhere", phone)
		}
		if pid.Address != conv.cluster.ActorSystem.Address() {
			phones = append(phones, phone)
		}
	}
	return phones
}

// compare asks each phone's conversation on both sides once, outside the
// timing, so both are warm, then alternates the two sides' asks and
// reports each side's p50 and p99 and the ratio of the p50s.
func compare(b *testing.B, local, remote conversations, phones []string, ask func(c conversations, phone string, n int) error) {
	timed := func(c conversations, phone string, n int) time.Duration {
		start := time.Now()
		if err := ask(c, phone, n); err != nil {
			b.Fatal(err)
		}
		return time.Since(start)
	}
	for _, phone := range phones {
		timed(local, phone, -1)
		timed(remote, phone, -1)
	}
	var localTimes, remoteTimes []time.Duration
	for i := 0; b.Loop(); i++ {
		phone := phones[i%len(phones)]
		localTimes = append(localTimes, timed(local, phone, i))
		remoteTimes = append(remoteTimes, timed(remote, phone, i))
	}
	lp50, lp99 := percentiles(localTimes)
	rp50, rp99 := percentiles(remoteTimes)
	b.ReportMetric(float64(lp50.Microseconds()), "local-p50-µs")
	b.ReportMetric(float64(lp99.Microseconds()), "local-p99-µs")
	b.ReportMetric(float64(rp50.Microseconds()), "remote-p50-µs")
	b.ReportMetric(float64(rp99.Microseconds()), "remote-p99-µs")
	b.ReportMetric(float64(rp50)/float64(lp50), "p50-ratio")
}

// percentiles returns the 50th and 99th percentiles of ds.
func percentiles(ds []time.Duration) (p50, p99 time.Duration) {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2], s[min(len(s)-1, len(s)*99/100)]
}

// benchMember is the configuration of one automanaged member on 127.0.0.1.
func benchMember(name string, port, automanaged int, peers []string) config.Cluster {
	return config.Cluster{Enabled: true, Name: name, Host: "127.0.0.1", Port: port,
		Provider: config.ClusterAutomanaged, Peers: peers, AutomanagedPort: automanaged}
}

// startBenchMember runs the test binary as the member cfg (TestMain); the
// benchmark's cleanup stops it with SIGTERM, and should the benchmark die,
// the kernel kills it.
func startBenchMember(b *testing.B, cfg config.Cluster) {
	b.Helper()
	spec, err := json.Marshal(cfg)
	if err != nil {
		b.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), benchMemberEnv+"="+string(spec))
	cmd.Stderr = os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				b.Errorf("the other member: %v", err)
			}
		case <-time.After(30 * time.Second):
			_ = cmd.Process.Kill()
			<-done
			b.Error("the other member did not stop within 30 s of SIGTERM")
		}
	})
}

// runBenchMember is the other member: it hosts conversations until SIGTERM.
func runBenchMember(spec string) error {
	var cfg config.Cluster
	if err := json.Unmarshal([]byte(spec), &cfg); err != nil {
		return err
	}
	deps, err := newBenchDeps()
	if err != nil {
		return err
	}
	grains, err := session.NewGrains(deps)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	conv, err := Join(quietSystem(), cfg, grains, &benchMetrics{}, zap.NewNop())
	if err != nil {
		return err
	}
	<-ctx.Done()
	return conv.Stop()
}

// benchDeps are the conversations' dependencies on each side: the memory
// table, the offline demo model, the messaging stub.
func benchDeps(b *testing.B) session.Deps {
	b.Helper()
	deps, err := newBenchDeps()
	if err != nil {
		b.Fatal(err)
	}
	return deps
}

func newBenchDeps() (session.Deps, error) {
	store, err := content.Open("")
	if err != nil {
		return session.Deps{}, err
	}
	engine, err := conversation.New(conversation.Config{}, store)
	if err != nil {
		return session.Deps{}, err
	}
	table := memory.New()
	return session.Deps{
		Store:     session.NewTableStore(table),
		Engine:    engine,
		Model:     demo.New(store.Catalogue),
		Messaging: messaging.RepliesDeps{Sender: messaging.NewStub(zap.NewNop()), Outbox: persistence.NewOutbox(table)},
		Logger:    zap.NewNop(),
	}, nil
}

// benchMetrics notes the members this side sees.
type benchMetrics struct{ members atomic.Int64 }

func (m *benchMetrics) Members(n int)                       { m.members.Store(int64(n)) }
func (m *benchMetrics) Request(string, time.Duration, bool) {}
func (m *benchMetrics) Agreed(bool)                         {}

func quietSystem() *actor.ActorSystem {
	return actor.NewActorSystem(actor.WithLoggerFactory(func(*actor.ActorSystem) *slog.Logger {
		return slog.New(slog.DiscardHandler)
	}))
}

// freePorts returns n free TCP ports on 127.0.0.1.
func freePorts(b *testing.B, n int) []int {
	b.Helper()
	var ports []int
	for range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			b.Fatal(err)
		}
		defer ln.Close()
		ports = append(ports, ln.Addr().(*net.TCPAddr).Port)
	}
	return ports
}
