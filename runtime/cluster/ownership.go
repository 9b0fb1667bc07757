package cluster

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	pcluster "github.com/asynkron/protoactor-go/cluster"
	"go.uber.org/zap"
)

// ownership is this member's view of who owns which phone, and whether
// every member shares it. Members agree on a phone's owner only once they
// agree on the topology: a member that has just (re)started, or one that
// has not yet seen a member leave or join, would place a phone elsewhere
// than the others do, and the phone would run twice (both activations
// re-running its turns, until one of them idles out). So this member hosts
// a conversation only when it is in a topology every member of it gossips
// too, and the phone is its own there; and it sends its requests only then.
//
// Members are told apart by their address and their ID in the topology,
// never by the actor system's ID: only the automanaged provider names a
// member by it (etcd names it "<cluster>@<system ID>", Kubernetes by a
// random ID on the pod), while protoactor's gossip state is keyed by system
// ID. So each member gossips, under agreementKey, the topology hash it sees
// together with its own entry in that topology, and a member counts as
// agreeing when its entry's ID gossips the hash.
type ownership struct {
	address func() string // this member's, as the topology names it (the actor system's)
	logger  *zap.Logger
	view    atomic.Pointer[view]
	// agreed says every member of view gossips view's hash; it is cleared
	// the moment a new topology arrives and set again by watch.
	agreed atomic.Bool
	// fallback says view was not agreed within agreementBound: the gate is
	// open anyway (see open); warned logs that once per process.
	fallback atomic.Bool
	warned   sync.Once
}

// view is one topology as this member saw it.
type view struct {
	hash   uint64
	ids    []string
	self   *pcluster.Member // this member's entry; nil before it has joined
	seenAt time.Time
	owners *pcluster.Rendezvous
}

// agreementKey is the gossip key under which each member states the
// topology hash it sees, naming itself as the topology does (see ownership).
const agreementKey = "intake/topology"

// agreementPoll is how often watch compares the members' gossiped
// topologies: a gate opens at most this long after they agree (gossip
// itself spreads every 300 ms).
const agreementPoll = 50 * time.Millisecond

// agreementBound is how long a joined member waits for agreement on one
// topology before it hosts and asks conversations anyway, as protoactor
// places them: a provider or network that never lets the members' gossip
// through must cost the guarantee against two activations (commit fencing
// still keeps every turn once), never the service. Gossip agrees within
// about a second.
const agreementBound = 5 * time.Second

// seen records topology t, published by protoactor's member list, and
// closes the gate until every member agrees on it.
func (o *ownership) seen(t *pcluster.ClusterTopology) {
	owners := pcluster.NewRendezvous()
	owners.UpdateMembers(t.Members)
	v := &view{hash: t.TopologyHash, owners: owners, seenAt: time.Now()}
	for _, m := range t.Members {
		v.ids = append(v.ids, m.Id)
		// The address, as protoactor's placement compares it: the ID a
		// provider gives this member is not the system's (see ownership).
		if m.Address() == o.address() {
			v.self = m
		}
	}
	o.agreed.Store(false)
	o.fallback.Store(false)
	o.view.Store(v)
}

// Agreed reports whether this member is in its topology and every member of
// it gossips the same one.
func (o *ownership) Agreed() bool {
	v := o.view.Load()
	return v != nil && v.self != nil && o.agreed.Load()
}

// open reports whether this member's requests and activations may go: the
// topology is agreed, or could not be within agreementBound.
func (o *ownership) open() bool { return o.Agreed() || o.fallback.Load() }

// joined reports whether the last topology this member saw includes it.
func (o *ownership) joined() bool {
	v := o.view.Load()
	return v != nil && v.self != nil
}

// hosts reports whether this member may run the conversation of phone now:
// the topology is agreed and the phone is this member's in it; or, fallen
// back, wherever protoactor placed it. A phone that is its own in a view
// not agreed yet waits up to hostWait for the agreement: a caller agrees
// as soon as it has every member's statement, this member about a gossip
// round later, and a refusal meanwhile would cost the caller a retry (and
// protoactor an error line).
func (o *ownership) hosts(phone string) bool {
	deadline := time.Now().Add(hostWait)
	for {
		v := o.view.Load()
		if v == nil || v.self == nil {
			return false
		}
		mine := v.owners.GetByClusterIdentity(pcluster.NewClusterIdentity(phone, Kind)) == o.address()
		switch {
		case o.agreed.Load():
			return mine
		case o.fallback.Load():
			return true
		case !mine || time.Now().After(deadline):
			return false
		}
		time.Sleep(agreementPoll / 2)
	}
}

// hostWait bounds how long an activation waits in hosts for the
// agreement on a view where its phone is this member's.
const hostWait = time.Second

// statement is what this member gossips under agreementKey for v: its hash
// and this member's own entry; nil before it has joined.
func statement(v *view) *pcluster.ClusterTopology {
	if v == nil || v.self == nil {
		return nil
	}
	return &pcluster.ClusterTopology{TopologyHash: v.hash, Members: []*pcluster.Member{v.self}}
}

// check sets agreed when every member of the current view gossips its hash
// under agreementKey (gossip: the members' statements, keyed by system ID),
// and falls back once the view is older than agreementBound unagreed.
func (o *ownership) check(gossip map[string]*pcluster.GossipKeyValue) {
	v := o.view.Load()
	if v == nil || v.self == nil {
		return
	}
	agreeing := map[string]bool{}
	for _, kv := range gossip {
		var theirs pcluster.ClusterTopology
		if kv.GetValue() == nil || kv.GetValue().UnmarshalTo(&theirs) != nil || len(theirs.Members) != 1 {
			continue
		}
		if theirs.TopologyHash == v.hash {
			agreeing[theirs.Members[0].Id] = true
		}
	}
	for _, id := range v.ids {
		if !agreeing[id] {
			o.agreed.Store(false)
			o.bound(v)
			return
		}
	}
	// A newer view may have arrived meanwhile: agree only on the one read.
	// Agreed, the gate is no longer only open past the bound: hosts
	// places by the view again.
	if o.view.Load() == v {
		o.agreed.Store(true)
		o.fallback.Store(false)
	}
}

// bound opens the gate on v, unagreed for agreementBound, and says so at
// warn once per process.
func (o *ownership) bound(v *view) {
	if time.Since(v.seenAt) < agreementBound || o.view.Load() != v || o.fallback.Load() {
		return
	}
	o.fallback.Store(true)
	o.warned.Do(func() {
		o.logger.Warn("cluster: the members do not agree on the topology; hosting and asking conversations as protoactor places them",
			zap.Duration("waited", agreementBound), zap.Int("members", len(v.ids)))
	})
}

// wait returns once the gate is open, or an error when ctx ends first: the
// message then stays owed (its receipt) and comes back.
func (o *ownership) wait(ctx context.Context) error {
	for !o.open() {
		select {
		case <-ctx.Done():
			return fmt.Errorf("cluster: the members do not agree on the topology yet: %w", ctx.Err())
		case <-time.After(agreementPoll / 2):
		}
	}
	return nil
}

// watchAgreement states this member's topology to the others and compares
// theirs with it every agreementPoll, until Stop, and reports the agreement.
func (c *Conversations) watchAgreement() {
	defer c.watching.Done()
	tick := time.NewTicker(agreementPoll)
	defer tick.Stop()
	was := false
	var stated *view
	for {
		select {
		case <-c.stop:
			return
		case <-tick.C:
		}
		if v := c.own.view.Load(); v != stated {
			if s := statement(v); s != nil {
				c.cluster.Gossip.SetState(agreementKey, s)
			}
			stated = v
		}
		if gossip, err := c.cluster.Gossip.GetState(agreementKey); err == nil {
			c.own.check(gossip)
		}
		if now := c.own.Agreed(); now != was {
			c.metrics.Agreed(now)
			was = now
			if now {
				c.stopUnhosted()
			}
		}
	}
}

// gate holds a request until the members agree on the topology, so that
// it is placed where every member places it; at most until ctx ends, or
// requestTimeout when ctx has no deadline.
func (c *Conversations) gate(ctx context.Context) error {
	if c.own.open() {
		return nil
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, requestTimeout)
		defer cancel()
	}
	return c.own.wait(ctx)
}

// waitAgreed waits until the gate is open; false on Stop.
func (c *Conversations) waitAgreed() bool {
	for !c.own.open() {
		select {
		case <-c.stop:
			return false
		case <-time.After(agreementPoll / 2):
		}
	}
	return true
}

// stopUnhosted stops this member's activations of phones another member
// owns in the topology just agreed: ones placed before (past the bound, or
// by protoactor while the members disagreed) that its placement actor,
// which acts on topology changes only, leaves running. Their next request
// is placed on the owner, which loads from the table.
func (c *Conversations) stopUnhosted() {
	if n := c.grains.StopUnhosted(c.own.hosts); n > 0 {
		c.logger.Info("the members agree on the topology; stopped the conversations other members own", zap.Int("conversations", n))
	}
}
