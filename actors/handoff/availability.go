package handoff

import (
	"context"

	"go.uber.org/zap"
)

// Availability tells which operators set themselves away in the console;
// *persistence.Availabilities implements it.
type Availability interface {
	Away(ctx context.Context) (map[string]bool, error)
}

// present are the operators to text about a handoff: those not away. When
// every one is away, or their presence cannot be read, all are texted: a
// handoff nobody hears of is worse than a notice to someone away.
func (m *MessagingNotifier) present(ctx context.Context, all Operators) Operators {
	if m.availability == nil {
		return all
	}
	away, err := m.availability.Away(ctx)
	if err != nil {
		m.log.Warn("operator availability not read; every operator is told", zap.Error(err))
		return all
	}
	out := make(Operators, 0, len(all))
	for _, op := range all {
		if !away[op] {
			out = append(out, op)
		}
	}
	if len(out) == 0 {
		return all
	}
	return out
}
