package handoff

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/locale"
)

// DefaultMaxOpen is how many conversations automatic assignment gives one
// operator at most (ASSIGNMENT_MAX_OPEN).
const DefaultMaxOpen = 5

// reservationTTL is how long a choice counts for its operator before the
// handoff index shows it: the index is eventually consistent, and an
// assignment whose commit lost to a newer snapshot never shows at all.
const reservationTTL = time.Minute

// Held lists the conversations handed to people, waiting or held (HUMAN);
// *persistence.HandoffQueue implements it with one query of the handoff
// index.
type Held interface {
	List(ctx context.Context) ([]domain.Session, error)
}

// AssignerConfig configures an Assigner.
type AssignerConfig struct {
	// Operators are the people assignment may choose: the roster's enabled
	// ones (Roster, read at most once per its TTL).
	Operators Directory
	// Availability tells who set themselves away; they get none. Nil: all
	// present.
	Availability Availability
	// Held counts each operator's open conversations (HUMAN, assigned to
	// them).
	Held Held
	// MaxOpen is the most open conversations an operator is given;
	// <= 0 is DefaultMaxOpen.
	MaxOpen int
	// ConsoleURL is the console's address, linked in the notice.
	ConsoleURL string
	// Lang and Zone are the operators' language and clock (UI_LANG,
	// UI_TIMEZONE).
	Lang locale.Lang
	Zone *time.Location
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

// Assigner chooses the operator a waiting conversation goes to
// (ASSIGNMENT=round_robin) and tells them. The choice is only a proposal:
// the conversation's own actor commits it, conditional on the snapshot's
// version, so across cluster members a conversation is assigned once.
//
// Choices on one node are made one at a time and remembered until the index
// shows them, so handoffs arriving together spread over the operators
// instead of all reading the same counts. Two nodes choosing at the same
// instant may still both count an operator as free: the cap can then be
// passed by one per concurrent node, never the one-owner rule.
// It is safe for concurrent use.
type Assigner struct {
	cfg    AssignerConfig
	sender messaging.Sender
	locale locale.Locale
	log    *zap.Logger

	mu      sync.Mutex
	pending map[string]reservation // by session ID
	last    map[string]time.Time   // when this node last chose each operator
}

type reservation struct {
	operator string
	at       time.Time
}

// NewAssigner returns the assigner of cfg; sender tells the operator chosen.
func NewAssigner(cfg AssignerConfig, sender messaging.Sender, logger *zap.Logger) (*Assigner, error) {
	if cfg.Operators == nil || cfg.Held == nil || sender == nil {
		return nil, errors.New("handoff: the assigner needs the operators, the held conversations and a sender")
	}
	loc, err := NewLocale(cfg.Lang, cfg.Zone)
	if err != nil {
		return nil, fmt.Errorf("handoff: %w", err)
	}
	if cfg.MaxOpen <= 0 {
		cfg.MaxOpen = DefaultMaxOpen
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	return &Assigner{cfg: cfg, sender: sender, locale: loc, log: logger.Named("handoff.assign"),
		pending: map[string]reservation{}, last: map[string]time.Time{}}, nil
}

// Choose returns the operator s should go to: of the enabled operators not
// away and not already passed over by s (AssignmentPassed), the one with
// the fewest open conversations below MaxOpen; between equals, the one this
// node chose longest ago, then phone order. "" when nobody can take it.
// It costs the roster's read when its TTL ran out, one availability query
// and one query of the handoff index.
func (a *Assigner) Choose(ctx context.Context, s domain.Session) (string, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	operators, err := a.cfg.Operators.Active(ctx)
	if err != nil {
		return "", fmt.Errorf("handoff: assignment: roster: %w", err)
	}
	away := map[string]bool{}
	if a.cfg.Availability != nil {
		// Unlike a notice, an assignment to someone away is worse than
		// none: the conversation stays in the shared queue.
		if away, err = a.cfg.Availability.Away(ctx); err != nil {
			return "", fmt.Errorf("handoff: assignment: availability: %w", err)
		}
	}
	held, err := a.cfg.Held.List(ctx)
	if err != nil {
		return "", fmt.Errorf("handoff: assignment: %w", err)
	}
	now := a.cfg.Now()
	open := a.openCounts(held, s.SessionID, now)
	var candidates []string
	for _, op := range operators {
		if !away[op] && !slices.Contains(s.AssignmentPassed, op) && open[op] < a.cfg.MaxOpen {
			candidates = append(candidates, op)
		}
	}
	if len(candidates) == 0 {
		return "", nil
	}
	chosen := slices.MinFunc(candidates, func(x, y string) int {
		return cmp.Or(cmp.Compare(open[x], open[y]), a.last[x].Compare(a.last[y]), cmp.Compare(x, y))
	})
	a.pending[s.SessionID] = reservation{operator: chosen, at: now}
	a.last[chosen] = now
	return chosen, nil
}

// openCounts counts each operator's conversations in HUMAN, plus the
// choices of this node the index does not show yet; the conversation being
// assigned (self) counts for nobody. A choice the index shows, or older
// than reservationTTL, is forgotten.
func (a *Assigner) openCounts(held []domain.Session, self string, now time.Time) map[string]int {
	open := map[string]int{}
	for _, s := range held {
		if r, ok := a.pending[s.SessionID]; ok && s.State == domain.StateHuman && string(s.AssignedTo) == r.operator {
			delete(a.pending, s.SessionID)
		}
		if s.SessionID != self && s.State == domain.StateHuman && s.AssignedTo != "" {
			open[string(s.AssignedTo)]++
		}
	}
	for id, r := range a.pending {
		switch {
		case now.Sub(r.at) > reservationTTL:
			delete(a.pending, id)
		case id != self:
			open[r.operator]++
		}
	}
	return open
}

// Tell sends the operator the conversation was assigned to its notice, on
// their phone like a transfer notice; a failure loses only the notice (the
// console shows the assignment).
func (a *Assigner) Tell(ctx context.Context, operator string, s domain.Session) {
	who := cmp.Or(CustomerName(s), s.PhoneNumber)
	link := a.cfg.ConsoleURL + "/conversations/" + messaging.Digits(s.PhoneNumber) + "/" + s.SessionID
	text := a.locale.T("handoff.assigned.notice", who, link)
	if res, err := a.sender.Send(ctx, operator, text); err != nil || !res.Success {
		a.log.Warn("assignment notice not delivered", zap.String("session_id", s.SessionID), zap.String("detail", res.Detail), zap.Error(err))
	}
}
