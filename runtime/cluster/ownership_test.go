package cluster

import (
	"fmt"
	"testing"
	"time"

	pcluster "github.com/asynkron/protoactor-go/cluster"
	"go.uber.org/zap"
	"google.golang.org/protobuf/types/known/anypb"
)

// The members of the tests' topology, named as each provider names them:
// automanaged by the actor system's ID, etcd by "<cluster>@<system ID>",
// Kubernetes by a label on the pod. The gossip state is keyed by system ID
// whatever the provider.
var providers = map[string]func(system string) string{
	"automanaged": func(system string) string { return system },
	"etcd":        func(system string) string { return "intake@" + system },
	"k8s":         func(system string) string { return "pod-" + system + "-7f3a" },
}

var systems = []string{"sysA", "sysB", "sysC"}

func topology(memberID func(string) string, systems ...string) *pcluster.ClusterTopology {
	var ms []*pcluster.Member
	for i, s := range systems {
		ms = append(ms, &pcluster.Member{Id: memberID(s), Host: "10.0.0.1", Port: int32(7000 + i), Kinds: []string{Kind}})
	}
	return &pcluster.ClusterTopology{TopologyHash: pcluster.TopologyHash(ms), Members: ms}
}

// member is the ownership of systems[i] having seen t.
func member(i int, t *pcluster.ClusterTopology) *ownership {
	o := &ownership{address: func() string { return t.Members[i].Address() }, logger: zap.NewNop()}
	o.seen(t)
	return o
}

// gossip is the gossip state under agreementKey when each member of states
// stated its view, keyed by system ID as protoactor keys it.
func gossip(t *testing.T, states map[string]*ownership) map[string]*pcluster.GossipKeyValue {
	t.Helper()
	g := map[string]*pcluster.GossipKeyValue{}
	for system, o := range states {
		s := statement(o.view.Load())
		if s == nil {
			continue
		}
		v, err := anypb.New(s)
		if err != nil {
			t.Fatal(err)
		}
		g[system] = &pcluster.GossipKeyValue{Value: v}
	}
	return g
}

func TestAgreementWithEveryProvider(t *testing.T) {
	for name, memberID := range providers {
		t.Run(name, func(t *testing.T) {
			all := topology(memberID, systems...)
			others := topology(memberID, "sysA", "sysB") // sysC not seen yet
			cases := []struct {
				name   string
				states map[string]*ownership
				agreed bool
			}{
				{"every member states the topology", map[string]*ownership{"sysA": member(0, all), "sysB": member(1, all), "sysC": member(2, all)}, true},
				{"a member has not stated it yet", map[string]*ownership{"sysA": member(0, all), "sysB": member(1, all)}, false},
				{"a member states an older topology", map[string]*ownership{"sysA": member(0, all), "sysB": member(1, others), "sysC": member(2, all)}, false},
				{"a dead member's statement counts for nobody", map[string]*ownership{"sysA": member(0, all), "sysB": member(1, all), "sysC": member(2, all), "sysOld": member(1, others)}, true},
			}
			for _, c := range cases {
				o := member(0, all)
				o.check(gossip(t, c.states))
				if !o.joined() {
					t.Errorf("%s: not joined although the topology holds this member's address", c.name)
				}
				if o.Agreed() != c.agreed || o.open() != c.agreed {
					t.Errorf("%s: agreed %v, open %v; want %v", c.name, o.Agreed(), o.open(), c.agreed)
				}
			}
		})
	}
}

func TestHostsOnlyItsOwnPhonesOnceAgreed(t *testing.T) {
	all := topology(providers["etcd"], systems...)
	owners := []*ownership{member(0, all), member(1, all), member(2, all)}
	phone := "+5511970000044"
	if owners[0].hosts(phone) {
		t.Fatal("hosts a phone before the members agree")
	}
	states := map[string]*ownership{"sysA": owners[0], "sysB": owners[1], "sysC": owners[2]}
	hosting := 0
	for _, o := range owners {
		o.check(gossip(t, states))
		if o.hosts(phone) {
			hosting++
		}
	}
	if hosting != 1 {
		t.Errorf("%d members host %s once agreed, want 1", hosting, phone)
	}
}

func TestNotJoinedNeverAgrees(t *testing.T) {
	others := topology(providers["automanaged"], "sysA", "sysB")
	o := &ownership{address: func() string { return "10.0.0.1:7002" }, logger: zap.NewNop()}
	o.seen(others)
	o.check(gossip(t, map[string]*ownership{"sysA": member(0, others), "sysB": member(1, others)}))
	if o.joined() || o.Agreed() || o.open() {
		t.Errorf("a member outside the topology: joined %v, agreed %v, open %v; want none", o.joined(), o.Agreed(), o.open())
	}
	if statement(o.view.Load()) != nil {
		t.Error("a member outside the topology states it")
	}
}

// A topology the members cannot agree on (gossip that never arrives)
// opens the gate after agreementBound, hosting as protoactor places, and
// a new topology closes it again.
func TestGateOpensAfterTheBound(t *testing.T) {
	all := topology(providers["k8s"], systems...)
	o := member(0, all)
	o.check(nil)
	if o.open() {
		t.Fatal("open at once without agreement")
	}
	o.view.Load().seenAt = time.Now().Add(-agreementBound)
	o.check(nil)
	if !o.open() || o.Agreed() || !o.hosts("+5511970000001") {
		t.Errorf("after the bound: open %v, agreed %v; want open, not agreed, hosting", o.open(), o.Agreed())
	}
	// Agreement reached late: phones are placed by the topology again.
	states := map[string]*ownership{"sysA": o, "sysB": member(1, all), "sysC": member(2, all)}
	o.check(gossip(t, states))
	hosted := 0
	for c := range 30 {
		if o.hosts(fmt.Sprintf("+55119700000%02d", c)) {
			hosted++
		}
	}
	if !o.Agreed() || hosted == 0 || hosted == 30 {
		t.Errorf("agreed late: agreed %v, hosts %d of 30 phones; want agreed and only its own", o.Agreed(), hosted)
	}
	o.seen(topology(providers["k8s"], "sysA", "sysB"))
	if o.open() {
		t.Error("a new topology left the gate open")
	}
}
