package reports

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

// Store answers reports from the day items the rollup keeps: one query for
// the days of the range and one read of the marker, however many
// conversations the range holds. It is safe for concurrent use.
type Store struct {
	Days *persistence.ReportDays
	Zone *time.Location // UI_TIMEZONE
	// Prices price the usage when a report is asked for; Currency is
	// theirs (default USD, as providers list them).
	Prices   map[string]Price
	Currency string
	// Names are the operators' names by phone (the roster's), read once a
	// report; an operator without one shows as the masked phone. Label is
	// a service's name for people (the catalogue's); nil shows it as
	// stored.
	Names func(ctx context.Context) (map[string]string, error)
	Label func(service string) string

	// decoded are the days earlier reports decoded, with the time of the
	// item they came from: a day the rollup has not summed again since is
	// not decoded again, and a report of a year decodes only its recent
	// days. Reports never change a decoded day.
	mu      sync.Mutex
	decoded map[string]decodedDay
}

// decodedDay is a day as decoded from the item of updatedAt.
type decodedDay struct {
	updatedAt time.Time
	day       Day
}

// maxDecoded bounds the days kept decoded: two years of them.
const maxDecoded = 2 * 366

// Report answers q. A day without an item (before the first rollup, or
// with no conversation) counts zero.
func (s *Store) Report(ctx context.Context, q Query) (Report, error) {
	from, to := q.From.Format(time.DateOnly), q.To.Format(time.DateOnly)
	if to < from {
		return Report{}, fmt.Errorf("reports: the range ends (%s) before it starts (%s)", to, from)
	}
	items, err := s.Days.Range(ctx, from, to)
	if err != nil {
		return Report{}, err
	}
	marker, err := s.Days.Marker(ctx)
	if err != nil {
		return Report{}, err
	}
	days, err := s.decode(items)
	if err != nil {
		return Report{}, err
	}
	var names map[string]string
	if s.Names != nil {
		if names, err = s.Names(ctx); err != nil {
			return Report{}, err
		}
	}
	r := s.build(q, days, names)
	r.From, r.To = from, to
	if !marker.RanAt.IsZero() {
		at := marker.RanAt
		r.UpdatedAt = &at
	}
	return r, nil
}

// decode returns the days of items by date, decoding only those not
// decoded already from the same item. A report after a start decodes a
// year of days: they are decoded on every core at once.
func (s *Store) decode(items []persistence.ReportDay) (map[string]Day, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.decoded == nil || len(s.decoded) > maxDecoded {
		s.decoded = map[string]decodedDay{}
	}
	days := make(map[string]Day, len(items))
	var missing []persistence.ReportDay
	for _, item := range items {
		if d, ok := s.decoded[item.Date]; ok && d.updatedAt.Equal(item.UpdatedAt) {
			days[item.Date] = d.day
			continue
		}
		missing = append(missing, item)
	}
	decoded, err := decodeAll(missing)
	if err != nil {
		return nil, err
	}
	for i, item := range missing {
		s.decoded[item.Date] = decodedDay{updatedAt: item.UpdatedAt, day: decoded[i]}
		days[item.Date] = decoded[i]
	}
	return days, nil
}

// decodeAll decodes items on every core, in items' order.
func decodeAll(items []persistence.ReportDay) ([]Day, error) {
	days, errs := make([]Day, len(items)), make([]error, len(items))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(items)) {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(items); i = int(next.Add(1) - 1) {
				days[i], errs[i] = decodeDay(items[i].Body)
			}
		})
	}
	wg.Wait()
	return days, errors.Join(errs...)
}

// label is Label with its default.
func (s *Store) label(service string) string {
	if s.Label == nil {
		return service
	}
	return s.Label(service)
}
