package reports

import (
	"context"
	"fmt"
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
	// Name is an operator's name for the report (the roster's, or the
	// masked phone); Label a service's (the catalogue's). Nil shows the
	// phone and the service's ID.
	Name  func(phone string) string
	Label func(service string) string
}

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
	days := make(map[string]Day, len(items))
	for _, item := range items {
		d, err := decodeDay(item.Body)
		if err != nil {
			return Report{}, err
		}
		days[item.Date] = d
	}
	r := s.build(q, days)
	r.From, r.To = from, to
	if !marker.RanAt.IsZero() {
		at := marker.RanAt
		r.UpdatedAt = &at
	}
	return r, nil
}

// name and label are Name and Label with their defaults.
func (s *Store) name(phone string) string {
	if s.Name == nil {
		return phone
	}
	return s.Name(phone)
}

func (s *Store) label(service string) string {
	if s.Label == nil {
		return service
	}
	return s.Label(service)
}
