package webhook

import (
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
)

// stale reports whether m is older than Config.MaxAge, the platform's retry
// horizon and at most the receipts' lifetime: a delivery that old may come
// after its receipt expired, and must not become a new turn. It is counted
// and logged, and acknowledged like a duplicate. A message without a
// timestamp carries the time it was parsed (spec) and is never stale.
func (h *Handler) stale(m messaging.InboundMessage) bool {
	if h.cfg.Now().Sub(m.ReceivedAt) <= h.cfg.MaxAge {
		return false
	}
	if h.metrics != nil {
		h.metrics.InboundStale()
	}
	h.log.Warn("stale delivery acknowledged and dropped", zap.String("message_id", m.ProviderMessageID),
		zap.Time("sent_at", m.ReceivedAt), zap.Duration("max_age", h.cfg.MaxAge))
	return true
}
