package atendimento

import (
	"context"
	"errors"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/persistence"
)

// Roster is the operator roster; *persistence.OperatorRoster implements it.
// Login and transfer read one record, fresh (disabling someone takes effect
// at once); the transfer list is the cached handoff.Roster over List.
type Roster interface {
	Get(ctx context.Context, phone string) (persistence.OperatorRecord, error)
	handoff.RosterSource
}

// allowed reports whether phone may use the console: in the roster and not
// disabled. The table is read for every number, operator or not, so the
// answer takes the same time either way.
func (c *Console) allowed(ctx context.Context, phone string) (bool, error) {
	rec, err := c.deps.Roster.Get(ctx, phone)
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return false, nil
	case err != nil:
		return false, err
	}
	return !rec.Disabled, nil
}

// signed is an operator's message as the customer receives it: with their
// "*Name*: " signature when admins turned it on. A roster that cannot be
// read leaves the text as written.
func (c *Console) signed(ctx context.Context, operator, text string) string {
	rec, err := c.deps.Roster.Get(ctx, operator)
	if err != nil {
		if !errors.Is(err, persistence.ErrNotFound) {
			c.log.Warn("operator not read; the message goes unsigned", zap.Error(err))
		}
		return text
	}
	return rec.Signed(text)
}
