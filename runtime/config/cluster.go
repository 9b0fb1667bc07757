package config

import "strings"

// Membership providers accepted by CLUSTER_PROVIDER.
const (
	ClusterAutomanaged = "automanaged" // static peers polling each other over HTTP
	ClusterEtcd        = "etcd"        // members registered in etcd
	ClusterK8s         = "k8s"         // pods of one label, read from the Kubernetes API
)

// Cluster configures a clustered `intake serve`: each phone's conversation
// is a virtual actor placed on one member by protoactor's cluster. Off, the
// local supervisor hosts every conversation, as in a single node.
type Cluster struct {
	// Enabled joins the cluster (CLUSTER_ENABLED, default false).
	Enabled bool
	// Name is the cluster's name; members of other names are ignored
	// (CLUSTER_NAME, default intake).
	Name string
	// Host and Port are where this member listens for the other members'
	// actor traffic (CLUSTER_HOST, default 127.0.0.1; CLUSTER_PORT, default 6331).
	Host string
	Port int
	// AdvertisedHost is the host the others reach this member at, when not
	// Host (CLUSTER_ADVERTISED_HOST; a pod's IP when Host is 0.0.0.0).
	AdvertisedHost string
	// Provider finds the members: automanaged, etcd or k8s
	// (CLUSTER_PROVIDER, default automanaged).
	Provider string
	// Peers are the automanaged endpoints (host:port) of every member, this
	// one included (CLUSTER_PEERS, comma-separated, default 127.0.0.1:6330).
	Peers []string
	// AutomanagedPort is where this member answers the others' automanaged
	// polls, on 0.0.0.0 (CLUSTER_AUTOMANAGED_PORT, default 6330).
	AutomanagedPort int
	// EtcdEndpoints are the etcd servers of the etcd provider
	// (CLUSTER_ETCD_ENDPOINTS, comma-separated, default 127.0.0.1:2379).
	EtcdEndpoints []string
}

func (r *reader) readCluster(c *Cluster) {
	r.boolean("CLUSTER_ENABLED", &c.Enabled)
	r.text("CLUSTER_NAME", &c.Name)
	r.text("CLUSTER_HOST", &c.Host)
	r.port("CLUSTER_PORT", &c.Port)
	r.text("CLUSTER_ADVERTISED_HOST", &c.AdvertisedHost)
	r.text("CLUSTER_PROVIDER", &c.Provider)
	r.list("CLUSTER_PEERS", &c.Peers)
	r.port("CLUSTER_AUTOMANAGED_PORT", &c.AutomanagedPort)
	r.list("CLUSTER_ETCD_ENDPOINTS", &c.EtcdEndpoints)
}

// cluster checks the cluster settings only when the cluster is on:
// a single node ignores them.
func (v *validator) cluster(c Cluster) {
	if !c.Enabled {
		return
	}
	if strings.TrimSpace(c.Name) == "" {
		v.fail("CLUSTER_NAME", "is required when CLUSTER_ENABLED=true")
	}
	v.port("CLUSTER_PORT", c.Port)
	v.port("CLUSTER_AUTOMANAGED_PORT", c.AutomanagedPort)
	switch c.Provider {
	case ClusterAutomanaged:
		if len(c.Peers) == 0 {
			v.fail("CLUSTER_PEERS", "needs the automanaged host:port of every member (e.g. 127.0.0.1:6330,127.0.0.1:6340)")
		}
	case ClusterEtcd:
		if len(c.EtcdEndpoints) == 0 {
			v.fail("CLUSTER_ETCD_ENDPOINTS", "needs at least one etcd endpoint (e.g. 127.0.0.1:2379)")
		}
	case ClusterK8s:
	default:
		v.fail("CLUSTER_PROVIDER", "%q is not a provider (use %s, %s or %s)", c.Provider, ClusterAutomanaged, ClusterEtcd, ClusterK8s)
	}
}
