package cluster

import (
	"fmt"
	"net"
	"strconv"

	"github.com/asynkron/protoactor-go/actor"
	pcluster "github.com/asynkron/protoactor-go/cluster"
	"github.com/asynkron/protoactor-go/cluster/identitylookup/disthash"
	"github.com/asynkron/protoactor-go/remote"

	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/runtime/config"
)

// Kind is the cluster kind of conversations; an activation's identity is
// its normalized phone.
const Kind = "session"

// join makes system a member of the cluster cfg names, hosting the
// conversation grains where hosts allows; wake is their Wake (see
// session.Grains.Props).
// protoactor's StartMember panics on a provider that cannot start; join
// turns that into an error.
func join(system *actor.ActorSystem, cfg config.Cluster, grains *session.Grains, hosts func(phone string) bool, wake func(phone string)) (c *pcluster.Cluster, err error) {
	prov, err := provider(cfg)
	if err != nil {
		return nil, err
	}
	var opts []remote.ConfigOption
	if cfg.AdvertisedHost != "" {
		opts = append(opts, remote.WithAdvertisedHost(net.JoinHostPort(cfg.AdvertisedHost, strconv.Itoa(cfg.Port))))
	}
	kind := pcluster.NewKind(Kind, grains.Props(phoneOf, hosts, wake))
	c = pcluster.New(system, pcluster.Configure(cfg.Name, prov, disthash.New(),
		remote.Configure(cfg.Host, cfg.Port, opts...), pcluster.WithKinds(kind)))
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("cluster: join %s with the %s provider: %v", cfg.Name, cfg.Provider, r)
		}
	}()
	c.StartMember()
	return c, nil
}

// phoneOf is the phone of a conversation grain: its cluster identity.
func phoneOf(ctx actor.Context) string {
	if id := pcluster.GetClusterIdentity(ctx); id != nil {
		return id.Identity
	}
	return ""
}
