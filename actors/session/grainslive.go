package session

import (
	"sync"

	"github.com/asynkron/protoactor-go/actor"
)

// liveGrains are this member's running conversation grains by phone, so
// that the ones whose phone is owned elsewhere can be stopped when the
// members agree on a topology (Grains.StopUnhosted).
type liveGrains struct {
	m sync.Map // phone → liveGrain
}

type liveGrain struct {
	pid  *actor.PID
	root *actor.RootContext
}

func (l *liveGrains) started(phone string, ctx actor.Context) {
	l.m.Store(phone, liveGrain{pid: ctx.Self(), root: ctx.ActorSystem().Root})
}

// stopped forgets phone's grain ctx, unless a newer one took its place.
func (l *liveGrains) stopped(phone string, ctx actor.Context) {
	l.m.CompareAndDelete(phone, liveGrain{pid: ctx.Self(), root: ctx.ActorSystem().Root})
}

// StopUnhosted stops this member's activations of the phones hosts refuses
// (Grains.Props) and returns how many. They stop as on an idle timeout: the
// turn under way finishes its table call, and the messages queued behind
// are answered as dead letters, so their callers place the phone again.
func (g *Grains) StopUnhosted(hosts func(phone string) bool) int {
	n := 0
	g.live.m.Range(func(k, v any) bool {
		if phone := k.(string); !hosts(phone) {
			lg := v.(liveGrain)
			lg.root.Stop(lg.pid)
			n++
		}
		return true
	})
	return n
}
