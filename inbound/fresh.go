package inbound

import (
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
)

// Stale reports whether m is older than Config.MaxAge, the platform's retry
// horizon and at most the receipts' lifetime: a delivery that old may come
// after its receipt expired, and Accept would then take it for a new
// message, a second turn. It is counted and logged; the caller acknowledges
// it like a duplicate and does not Accept it. A message without a timestamp
// carries the time it was parsed and is never stale.
func (a *Acceptor) Stale(m messaging.InboundMessage) bool {
	if a.cfg.Now().Sub(m.ReceivedAt) <= a.cfg.MaxAge {
		return false
	}
	if a.metrics != nil {
		a.metrics.InboundStale()
	}
	a.log.Warn("stale delivery acknowledged and dropped", zap.String("message_id", m.ProviderMessageID),
		zap.Time("sent_at", m.ReceivedAt), zap.Duration("max_age", a.cfg.MaxAge))
	return true
}
