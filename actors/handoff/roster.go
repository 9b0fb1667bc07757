package handoff

import (
	"context"
	"sync"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/persistence"
)

// DefaultRosterTTL is how long a Roster serves the operators it read. Without
// it every handoff notice would add one table query (the roster's list) to
// the handoff; with it a node queries at most once per TTL, so an operator
// admins disable or add is heard of within that time.
const DefaultRosterTTL = 15 * time.Second

// Directory gives the operators to tell and to transfer to: the enabled
// ones, canonical (messaging.NormalizeSender). Operators is a fixed
// Directory; Roster is the table's.
type Directory interface {
	Active(ctx context.Context) (Operators, error)
}

// Active returns s itself: a fixed list is always current.
func (s Operators) Active(context.Context) (Operators, error) { return s, nil }

// RosterSource lists the operator records; *persistence.OperatorRoster
// implements it.
type RosterSource interface {
	List(ctx context.Context) ([]persistence.OperatorRecord, error)
}

// Roster is the Directory of the operator table, read at most once per TTL.
// It is safe for concurrent use: one caller reads the table while the others
// wait for its answer.
type Roster struct {
	src RosterSource
	ttl time.Duration
	now func() time.Time

	mu     sync.Mutex
	active Operators
	// names are the roster's names by canonical phone, disabled people
	// included: a closed conversation still names who held it.
	names map[string]string
	read  time.Time
	valid bool
}

// NewRoster returns the Roster of src; ttl <= 0 is DefaultRosterTTL and a nil
// now is time.Now.
func NewRoster(src RosterSource, ttl time.Duration, now func() time.Time) *Roster {
	if ttl <= 0 {
		ttl = DefaultRosterTTL
	}
	if now == nil {
		now = time.Now
	}
	return &Roster{src: src, ttl: ttl, now: now}
}

// Active returns the operators not disabled, in phone order. A record whose
// phone has no digits is left out. When the table cannot be read the last
// list read is served for another TTL (a notice to the last roster read
// beats none), and the error only when there is none.
func (r *Roster) Active(ctx context.Context) (Operators, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.refresh(ctx); err != nil {
		return nil, err
	}
	return r.active, nil
}

// Names returns the roster's names by phone (people without a name are
// absent), read like Active: at most once per TTL, the last read when the
// table cannot be read, and an error only when there is none. Pages name
// operators with it without a table read per page.
func (r *Roster) Names(ctx context.Context) (map[string]string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.refresh(ctx); err != nil {
		return nil, err
	}
	return r.names, nil
}

// refresh reads the table when the last read is older than the TTL; the
// caller holds r.mu.
func (r *Roster) refresh(ctx context.Context) error {
	now := r.now()
	if r.valid && now.Sub(r.read) < r.ttl {
		return nil
	}
	records, err := r.src.List(ctx)
	if err != nil {
		if r.valid {
			r.read = now // tried again after another TTL, not on every notice
			return nil
		}
		return err
	}
	active := make(Operators, 0, len(records))
	names := make(map[string]string, len(records))
	for _, rec := range records {
		phone, err := messaging.NormalizeSender(rec.Phone)
		if err != nil {
			continue
		}
		if rec.Name != "" {
			names[phone] = rec.Name
		}
		if !rec.Disabled {
			active = append(active, phone)
		}
	}
	r.active, r.names, r.read, r.valid = active, names, now, true
	return nil
}

// Known returns the operators of the last read, without reading the table
// (none before the first). The inbound path asks it on every message, so it
// must never add a table request to a customer's turn; the reads that keep
// it current are the notices' and the one at start (see Active).
func (r *Roster) Known() Operators {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.active
}
