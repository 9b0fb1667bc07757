package runtime

import (
	"fmt"

	"github.com/asynkron/protoactor-go/actor"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/runtime/config"
)

// roundRobin reports whether waiting conversations are assigned
// (ASSIGNMENT=round_robin) rather than left to operators' claims.
func roundRobin(cfg config.Config) bool { return cfg.Handoff.Assignment == config.AssignmentRoundRobin }

// handoffProps is the session actor's handoff child (session.Deps.Handoff):
// it reads queue positions from the table and notifies through notifier;
// with round-robin assignment it also chooses operators from the roster
// (enabled ones), their availability and the handoff index, and tells the
// one chosen through sender.
func (a *App) handoffProps(cfg config.Config, notifier handoff.Notifier, sender messaging.Sender) (*actor.Props, error) {
	opts := []handoff.Option{handoff.WithClock(a.now)}
	if roundRobin(cfg) {
		lang, zone, err := uiLocale(cfg.UI)
		if err != nil {
			return nil, err
		}
		assigner, err := handoff.NewAssigner(handoff.AssignerConfig{
			Operators:    a.roster,
			Availability: persistence.NewAvailabilities(a.table),
			Held:         persistence.NewHandoffQueue(a.table),
			MaxOpen:      cfg.Handoff.AssignmentMaxOpen,
			ConsoleURL:   consoleLink(cfg.HTTP),
			Lang:         lang,
			Zone:         zone,
			Now:          a.now,
		}, sender, a.logger.Named("handoff"))
		if err != nil {
			return nil, fmt.Errorf("ASSIGNMENT: %w", err)
		}
		opts = append(opts, handoff.WithAssigner(assigner))
	}
	return handoff.Props(notifier, handoff.NewQueue(a.table), a.logger.Named("handoff"), opts...), nil
}
