package runtime

import (
	"context"

	"github.com/asynkron/protoactor-go/actor"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/runtime/cluster"
	"github.com/intake-runtime/intake/runtime/config"
)

// Conversations addresses the conversation of a phone: session.Supervisor
// on a single node, cluster.Conversations in a cluster. The HTTP surfaces
// each take the narrow part they use; the runtime needs it all.
type Conversations interface {
	Deliver(ctx context.Context, turn *sessionpb.InboundTurn) (*sessionpb.TurnAck, error)
	Chat(ctx context.Context, req *sessionpb.ChatRequest) (*sessionpb.ChatReply, error)
	Operate(ctx context.Context, cmd *sessionpb.OperatorCommand) (*sessionpb.OperatorResult, error)
	Forget(ctx context.Context, phone string) error
	// Wake starts the conversation of phone, best effort.
	Wake(phone string)
	Recover(ctx context.Context) (int, error)
	Drain(ctx context.Context) error
	Stop() error
}

// clusterMember is what the cluster's addressing adds: whether this node
// is in the topology yet. The local supervisor is always ready to host.
type clusterMember interface {
	Joined() bool
}

var (
	_ clusterMember = (*cluster.Conversations)(nil)
	_ Conversations = (*session.Supervisor)(nil)
	_ Conversations = (*cluster.Conversations)(nil)
)

// newConversations hosts the conversations in system: under the local
// supervisor, or as cluster grains when CLUSTER_ENABLED (CLUSTER_* unused
// otherwise, so a single node behaves as it always did).
func newConversations(system *actor.ActorSystem, cfg config.Cluster, deps session.Deps, metrics *Metrics, logger *zap.Logger) (Conversations, error) {
	if !cfg.Enabled {
		sup, err := session.NewSupervisor(system, deps)
		if err != nil {
			return nil, err
		}
		return sup, nil
	}
	grains, err := session.NewGrains(deps)
	if err != nil {
		return nil, err
	}
	conv, err := cluster.Join(system, cfg, grains, newClusterMetrics(metrics.Registry()), logger)
	if err != nil {
		return nil, err
	}
	return conv, nil
}
