package cluster

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	pcluster "github.com/asynkron/protoactor-go/cluster"
	"github.com/asynkron/protoactor-go/eventstream"
	"go.uber.org/zap"
	"google.golang.org/protobuf/proto"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/internal/redact"
	"github.com/intake-runtime/intake/runtime/config"
)

// Conversations addresses the conversation of a phone wherever the cluster
// placed it. It has the methods of session.Supervisor and is safe for
// concurrent use. Callers never see a PID.
type Conversations struct {
	cluster *pcluster.Cluster
	grains  *session.Grains
	metrics Metrics
	logger  *zap.Logger

	// left wakes the survivors' recovery when a member leaves; wakes holds
	// the phones Wake was asked to start; stop ends both loops.
	left     chan struct{}
	wakes    chan string
	stop     chan struct{}
	watching sync.WaitGroup
	sub      *eventstream.Subscription
	once     sync.Once
	// own is this member's view of the topology and whether the members
	// agree on it: the gate of its requests and activations.
	own ownership
	// readyBeforeJoining is set with the k8s provider, which admits only
	// pods whose containers are ready into the topology: there, readiness
	// cannot wait for joining.
	readyBeforeJoining bool
}

// Metrics receives what the addressing counts; the runtime's Prometheus
// collectors implement it. It is safe for concurrent use.
type Metrics interface {
	// Members reports the members of a new topology.
	Members(n int)
	// Agreed reports whether this member is in a topology every member
	// agrees on: until then it hosts no conversation and asks none.
	Agreed(yes bool)
	// Request counts one request to a conversation (deliver, chat,
	// operate, forget) and its latency, retries included.
	Request(request string, latency time.Duration, ok bool)
}

// requestTimeout bounds a request whose context has no deadline (the queue
// consumer's): a conversation takes a turn at once, so a longer wait means
// its member is gone, and the queue hands the message over again.
const requestTimeout = 10 * time.Second

// wakeBacklog bounds the phones waiting to be woken; beyond it Wake drops
// them, and the next recovery sweep or message wakes them.
const wakeBacklog = 4096

// Join makes this process a member of the cluster cfg names, hosting
// conversations with grains, and returns their addressing. Stop leaves.
func Join(system *actor.ActorSystem, cfg config.Cluster, grains *session.Grains, metrics Metrics, logger *zap.Logger) (*Conversations, error) {
	conv := &Conversations{grains: grains, metrics: metrics, logger: logger,
		left: make(chan struct{}, 1), wakes: make(chan string, wakeBacklog), stop: make(chan struct{}),
		readyBeforeJoining: cfg.Provider == config.ClusterK8s}
	conv.own.address, conv.own.logger = system.Address, logger
	// Subscribed before joining, so the first topology is counted too.
	conv.sub = system.EventStream.Subscribe(func(evt any) {
		t, ok := evt.(*pcluster.ClusterTopology)
		if !ok {
			return
		}
		metrics.Members(len(t.Members))
		conv.own.seen(t)
		if len(t.Left) > 0 {
			select {
			case conv.left <- struct{}{}:
			default: // a recovery is due already
			}
		}
	})
	c, err := join(system, cfg, grains, conv.own.hosts, conv.Wake)
	if err != nil {
		system.EventStream.Unsubscribe(conv.sub)
		return nil, err
	}
	conv.cluster = c
	conv.watching.Add(3)
	go conv.recoverOnLeave()
	go conv.wakeUp()
	go conv.watchAgreement()
	return conv, nil
}

// Joined reports whether this member is in the cluster's topology as it
// last saw it: before it is (joining, or after a partition) other members
// cannot place conversations on it, and /readyz says so. With the k8s
// provider it is always true (see readyBeforeJoining).
func (c *Conversations) Joined() bool { return c.readyBeforeJoining || c.own.joined() }

// Deliver hands turn to the conversation of its phone (session.Supervisor.Deliver).
func (c *Conversations) Deliver(ctx context.Context, turn *sessionpb.InboundTurn) (*sessionpb.TurnAck, error) {
	if err := session.CheckTurn(turn); err != nil {
		return nil, err
	}
	ack, err := request[*sessionpb.TurnAck](ctx, c, "deliver", turn.GetPhoneNumber(), turn)
	if err == nil {
		err = session.Taken(turn, ack)
	}
	return ack, err
}

// Chat runs the request's turn at once and returns the reply (session.Supervisor.Chat).
func (c *Conversations) Chat(ctx context.Context, req *sessionpb.ChatRequest) (*sessionpb.ChatReply, error) {
	if err := session.CheckTurn(req.GetTurn()); err != nil {
		return nil, err
	}
	return request[*sessionpb.ChatReply](ctx, c, "chat", req.GetTurn().GetPhoneNumber(), req)
}

// Operate applies an operator's action (session.Supervisor.Operate).
func (c *Conversations) Operate(ctx context.Context, cmd *sessionpb.OperatorCommand) (*sessionpb.OperatorResult, error) {
	if err := session.CheckCommand(cmd); err != nil {
		return nil, err
	}
	return request[*sessionpb.OperatorResult](ctx, c, "operate", cmd.GetPhoneNumber(), cmd)
}

// Forget stops the conversation of phone wherever it runs; the next message
// loads it afresh (session.Supervisor.Forget). A phone with no activation
// is activated and stopped: the cost of not knowing where it runs.
func (c *Conversations) Forget(ctx context.Context, phone string) error {
	_, err := request[*sessionpb.Forgotten](ctx, c, "forget", phone, &sessionpb.Forget{PhoneNumber: phone})
	return err
}

// Wake starts the conversation of phone if it is not running
// (session.Supervisor.Wake). It does not wait: placing a phone may take a
// request to another member, and a sweep wakes many. It is best effort: a
// phone the cluster cannot place now is woken by the next sweep or message.
func (c *Conversations) Wake(phone string) {
	select {
	case c.wakes <- phone:
	default:
	}
}

// wakeUp starts the conversations Wake was asked to, one at a time, until
// Stop.
func (c *Conversations) wakeUp() {
	defer c.watching.Done()
	for {
		select {
		case <-c.stop:
			return
		case phone := <-c.wakes:
			if !c.waitAgreed() {
				return
			}
			if pid := c.cluster.Get(phone, Kind); pid != nil {
				c.cluster.ActorSystem.Root.Send(pid, &sessionpb.Wake{PhoneNumber: phone})
			}
		}
	}
}

// Recover wakes the conversation of every phone with work no message will
// trigger, wherever the cluster places it (session.Supervisor.Recover).
// Every member runs it when it starts and again when a member leaves, so
// the survivors take up the renotifications and unsent replies of the
// conversations the member held.
func (c *Conversations) Recover(ctx context.Context) (int, error) {
	phones, err := c.grains.WaitingPhones(ctx)
	if err != nil {
		return 0, err
	}
	for _, phone := range phones {
		c.Wake(phone)
	}
	return len(phones), nil
}

// Drain waits until no turn of this member's conversations is in flight
// (session.Supervisor.Drain).
func (c *Conversations) Drain(ctx context.Context) error { return c.grains.Drain(ctx) }

// Stop leaves the cluster: the conversations this member hosts stop (their
// phones are activated on the others by their next message) and the actor
// system shuts down.
func (c *Conversations) Stop() error {
	c.once.Do(func() {
		close(c.stop)
		c.watching.Wait()
		c.cluster.ActorSystem.EventStream.Unsubscribe(c.sub)
		c.cluster.Shutdown(true)
	})
	return nil
}

// recoverOnLeave runs Recover after each topology change that lost a
// member, until Stop.
func (c *Conversations) recoverOnLeave() {
	defer c.watching.Done()
	for {
		select {
		case <-c.stop:
			return
		case <-c.left:
		}
		ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
		n, err := c.Recover(ctx)
		cancel()
		switch {
		case err != nil:
			c.logger.Error("a member left; conversations with work waiting not woken", zap.Error(err))
		case n > 0:
			c.logger.Info("a member left; woke conversations with work waiting", zap.Int("phones", n))
		}
	}
}

// request asks the conversation of phone and waits for an answer of type T
// as session.Ask waits (requestTimeout when ctx has no deadline), counting
// it as name. protoactor's cluster context retries through a topology
// change: a dead activation, a timeout or an owner not known yet resolve the
// phone again.
func request[T proto.Message](ctx context.Context, c *Conversations, name, phone string, msg proto.Message) (answer T, err error) {
	start := time.Now()
	defer func() { c.metrics.Request(name, time.Since(start), err == nil) }()
	if err = c.gate(ctx); err != nil {
		return answer, err
	}
	answer, err = session.Ask[T](ctx, requestTimeout, func(timeout time.Duration) (any, error) {
		return c.cluster.Request(phone, Kind, msg, pcluster.WithTimeout(timeout), pcluster.WithRetryCount(retries), pcluster.WithRetryAction(backoff))
	})
	if err != nil {
		return answer, fmt.Errorf("cluster: ask the conversation of %s: %w", redact.MaskPhone(phone), err)
	}
	return answer, nil
}

// retries bounds the attempts of one request across topology changes.
const retries = 8

// backoff waits before attempt n+1: 50 ms, 200 ms, 450 ms… while the
// members agree on the topology again.
func backoff(n int) int {
	n++
	time.Sleep(time.Duration(n*n) * 50 * time.Millisecond)
	return n
}
