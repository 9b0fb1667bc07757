package cluster

import (
	"fmt"
	"time"

	pcluster "github.com/asynkron/protoactor-go/cluster"
	"github.com/asynkron/protoactor-go/cluster/clusterproviders/automanaged"
	"github.com/asynkron/protoactor-go/cluster/clusterproviders/etcd"
	"github.com/asynkron/protoactor-go/cluster/clusterproviders/k8s"
	clientv3 "go.etcd.io/etcd/client/v3"

	"github.com/intake-runtime/intake/runtime/config"
)

// automanagedRefresh is how often an automanaged member polls its peers: a
// killed member leaves the topology within about this long.
const automanagedRefresh = time.Second

// etcdBaseKey is where the etcd provider registers members; the cluster
// name below it keeps clusters sharing one etcd apart.
const etcdBaseKey = "/intake"

// provider is the membership provider CLUSTER_PROVIDER names.
func provider(cfg config.Cluster) (pcluster.ClusterProvider, error) {
	switch cfg.Provider {
	case config.ClusterAutomanaged:
		return automanaged.NewWithConfig(automanagedRefresh, cfg.AutomanagedPort, cfg.Peers...), nil
	case config.ClusterEtcd:
		p, err := etcd.NewWithConfig(etcdBaseKey, clientv3.Config{Endpoints: cfg.EtcdEndpoints, DialTimeout: 5 * time.Second})
		if err != nil {
			return nil, fmt.Errorf("cluster: etcd provider: %w", err)
		}
		return p, nil
	case config.ClusterK8s:
		// In-cluster configuration: the pod's service account, with the
		// RBAC of deploy/k8s/rbac.yaml.
		p, err := k8s.New()
		if err != nil {
			return nil, fmt.Errorf("cluster: k8s provider: %w", err)
		}
		return p, nil
	default:
		return nil, fmt.Errorf("cluster: unknown provider %q", cfg.Provider)
	}
}
