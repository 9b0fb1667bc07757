package cluster

import (
	"context"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"github.com/asynkron/protoactor-go/actor"
	pcluster "github.com/asynkron/protoactor-go/cluster"
)

// ownership is this member's view of who owns which phone, and whether
// every member shares it. Members agree on a phone's owner only once they
// agree on the topology: a member that has just (re)started, or one that
// has not yet seen a member leave or join, would place a phone elsewhere
// than the others do, and the phone would run twice (both activations
// re-running its turns, until one of them idles out). So this member hosts
// a conversation only when it is in a topology every member of it gossips
// too, and the phone is its own there; and it sends its requests only then.
type ownership struct {
	system *actor.ActorSystem // its address is this member's in the topology
	view   atomic.Pointer[view]
	// agreed says every member of view gossips view's hash; it is cleared
	// the moment a new topology arrives and set again by watch.
	agreed atomic.Bool
}

// view is one topology as this member saw it.
type view struct {
	hash   uint64
	ids    []string
	joined bool
	owners *pcluster.Rendezvous
}

// agreementPoll is how often watch compares the members' gossiped
// topologies: a gate opens at most this long after they agree (gossip
// itself spreads every 300 ms).
const agreementPoll = 50 * time.Millisecond

// seen records topology t, published by protoactor's member list, and
// closes the gate until every member agrees on it.
func (o *ownership) seen(t *pcluster.ClusterTopology, selfID string) {
	owners := pcluster.NewRendezvous()
	owners.UpdateMembers(t.Members)
	v := &view{hash: t.TopologyHash, owners: owners,
		joined: slices.ContainsFunc(t.Members, func(m *pcluster.Member) bool { return m.Id == selfID })}
	for _, m := range t.Members {
		v.ids = append(v.ids, m.Id)
	}
	o.agreed.Store(false)
	o.view.Store(v)
}

// Agreed reports whether this member is in its topology and every member of
// it gossips the same one.
func (o *ownership) Agreed() bool {
	v := o.view.Load()
	return v != nil && v.joined && o.agreed.Load()
}

// joined reports whether the last topology this member saw includes it.
func (o *ownership) joined() bool {
	v := o.view.Load()
	return v != nil && v.joined
}

// hosts reports whether this member may run the conversation of phone now:
// the topology is agreed and the phone is this member's in it.
func (o *ownership) hosts(phone string) bool {
	v := o.view.Load()
	if v == nil || !v.joined || !o.agreed.Load() {
		return false
	}
	return v.owners.GetByClusterIdentity(pcluster.NewClusterIdentity(phone, Kind)) == o.system.Address()
}

// check sets agreed when every member of the current view gossips its hash.
// gossip is the members' topology entries (protoactor's gossip state under
// TopologyKey, by member ID).
func (o *ownership) check(gossip map[string]*pcluster.GossipKeyValue) {
	v := o.view.Load()
	if v == nil || !v.joined {
		return
	}
	for _, id := range v.ids {
		kv, ok := gossip[id]
		if !ok || kv.GetValue() == nil {
			o.agreed.Store(false)
			return
		}
		var theirs pcluster.ClusterTopology
		if kv.GetValue().UnmarshalTo(&theirs) != nil || theirs.TopologyHash != v.hash {
			o.agreed.Store(false)
			return
		}
	}
	// A newer view may have arrived meanwhile: agree only on the one read.
	if o.view.Load() == v {
		o.agreed.Store(true)
	}
}

// wait returns once the topology is agreed, or an error when ctx ends
// first: the message then stays owed (its receipt) and comes back.
func (o *ownership) wait(ctx context.Context) error {
	for !o.Agreed() {
		select {
		case <-ctx.Done():
			return fmt.Errorf("cluster: the members do not agree on the topology yet: %w", ctx.Err())
		case <-time.After(agreementPoll / 2):
		}
	}
	return nil
}

// watchAgreement compares the members' gossiped topologies with this
// member's every agreementPoll, until Stop, and reports the agreement.
func (c *Conversations) watchAgreement() {
	defer c.watching.Done()
	tick := time.NewTicker(agreementPoll)
	defer tick.Stop()
	was := false
	for {
		select {
		case <-c.stop:
			return
		case <-tick.C:
		}
		if gossip, err := c.cluster.Gossip.GetState(pcluster.TopologyKey); err == nil {
			c.own.check(gossip)
		}
		if now := c.own.Agreed(); now != was {
			c.metrics.Agreed(now)
			was = now
		}
	}
}

// gate holds a request until the members agree on the topology, so that
// it is placed where every member places it; at most until ctx ends, or
// requestTimeout when ctx has no deadline.
func (c *Conversations) gate(ctx context.Context) error {
	if c.own.Agreed() {
		return nil
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, requestTimeout)
		defer cancel()
	}
	return c.own.wait(ctx)
}

// waitAgreed waits until the members agree on the topology; false on Stop.
func (c *Conversations) waitAgreed() bool {
	for !c.own.Agreed() {
		select {
		case <-c.stop:
			return false
		case <-time.After(agreementPoll / 2):
		}
	}
	return true
}
