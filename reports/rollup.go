package reports

import (
	"context"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/persistence"
)

// Window is how far back the rollup sums a day again while it holds
// unsettled conversations: past it, a conversation still open counts as it
// stood then.
const Window = 35

// Rollup sums the sessions of each local day into the day items reports
// read. Tick runs it on a schedule, on one node at a time, and only when
// there is something new; Refresh runs it now. It is safe for concurrent
// use.
type Rollup struct {
	Sessions *persistence.Sessions
	// Projections tell which leads the CRM registered; nil when no CRM is
	// connected (nothing registers, and nothing is read).
	Projections *persistence.Projections
	Demands     *persistence.Demands
	Days        *persistence.ReportDays
	// Hours are the business hours in force, the waits' clock; nil is
	// always open.
	Hours func() businesshours.Hours
	Zone  *time.Location // UI_TIMEZONE: what a day is
	// AbandonAfter is ABANDON_AFTER; Interval is REPORT_INTERVAL, the
	// least time between two scheduled runs on any nodes.
	AbandonAfter time.Duration
	Interval     time.Duration
	Now          func() time.Time

	committed atomic.Int64 // the latest Committed, Unix nanoseconds
}

// Committed tells the rollup a turn or an operator action changed a
// session here: the next Tick has something to sum.
func (r *Rollup) Committed() { r.committed.Store(r.Now().UnixNano()) }

// Tick is the scheduled run. It reads the marker, and stops there when
// another node ran within Interval, or when nothing was committed here
// since the last run and the day has not turned; otherwise it claims the
// marker, so one of the nodes that read it runs. A node that committed
// something sums what may have changed (sumDue). A quiet one, once a day,
// sums again only the days whose conversations may have aged into
// abandoned since (sumAging): a deployment without traffic pays three
// requests a day for its reports, not a read of the session index.
func (r *Rollup) Tick(ctx context.Context) error {
	m, err := r.Days.Marker(ctx)
	if err != nil {
		return err
	}
	now := r.Now()
	committed := r.committed.Load()
	active := committed > 0 && (m.RanAt.IsZero() || committed >= m.RanAt.UnixNano())
	if !m.RanAt.IsZero() {
		if now.Sub(m.RanAt) < r.Interval {
			return nil
		}
		if !active && r.date(m.RanAt) == r.date(now) {
			return nil
		}
	}
	claimed, err := r.Days.Claim(ctx, m, now)
	if err != nil || !claimed {
		return err
	}
	if !active {
		return r.sumAging(ctx, now)
	}
	return r.sumDue(ctx, now)
}

// Refresh sums now, whatever the schedule: the owner's "update now". It
// moves the marker as a scheduled run would.
func (r *Rollup) Refresh(ctx context.Context) error {
	m, err := r.Days.Marker(ctx)
	if err != nil {
		return err
	}
	now := r.Now()
	if _, err := r.Days.Claim(ctx, m, now); err != nil {
		return err
	}
	return r.sumDue(ctx, now)
}

// sumDue sums today, yesterday, and each day of the window without an item
// or with unsettled conversations.
func (r *Rollup) sumDue(ctx context.Context, now time.Time) error {
	days, err := r.due(ctx, now, true)
	if err != nil {
		return err
	}
	return r.sum(ctx, days, now)
}

// sumAging sums again the days of the window with unsettled conversations,
// the only figures that change without a commit (a quiet conversation
// becomes abandoned); nothing at all when every stored day is settled.
func (r *Rollup) sumAging(ctx context.Context, now time.Time) error {
	days, err := r.due(ctx, now, false)
	if err != nil {
		return err
	}
	return r.sum(ctx, days, now)
}

// due lists the days of the window to sum: those whose stored item counts
// unsettled conversations and, when recent, also today, yesterday and the
// days without an item.
func (r *Rollup) due(ctx context.Context, now time.Time, recent bool) ([]time.Time, error) {
	today := r.day(now)
	first := today.AddDate(0, 0, 1-Window)
	stored, err := r.Days.Range(ctx, first.Format(time.DateOnly), today.Format(time.DateOnly))
	if err != nil {
		return nil, err
	}
	settled := map[string]bool{}
	for _, item := range stored {
		d, err := decodeDay(item.Body)
		if err != nil {
			return nil, err
		}
		settled[item.Date] = d.Unsettled() == 0
	}
	var due []time.Time
	for day := first; !day.After(today); day = day.AddDate(0, 0, 1) {
		s, ok := settled[day.Format(time.DateOnly)]
		switch {
		case ok && !s:
			due = append(due, day)
		case recent && (!ok || !day.Before(today.AddDate(0, 0, -1))):
			due = append(due, day)
		}
	}
	return due, nil
}

// Backfill sums every local day from from to to, both included: the days
// before the first rollup, or before a change of the definitions.
func (r *Rollup) Backfill(ctx context.Context, from, to time.Time) error {
	var days []time.Time
	for day := r.day(from); !day.After(r.day(to)); day = day.AddDate(0, 0, 1) {
		days = append(days, day)
	}
	return r.sum(ctx, days, r.Now())
}

// date is t's local day as YYYY-MM-DD; day its local midnight.
func (r *Rollup) date(t time.Time) string { return t.In(r.Zone).Format(time.DateOnly) }

func (r *Rollup) day(t time.Time) time.Time {
	y, m, d := t.In(r.Zone).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, r.Zone)
}

// hours is the business hours in force.
func (r *Rollup) hours() businesshours.Hours {
	if r.Hours == nil {
		return businesshours.Hours{}
	}
	return r.Hours()
}

// sum sums the sessions and demands of days (local midnights, oldest
// first) and stores a day item for each, empty days included, so a day
// without conversations is not summed again.
func (r *Rollup) sum(ctx context.Context, days []time.Time, now time.Time) error {
	if len(days) == 0 {
		return nil
	}
	sums, err := r.read(ctx, days[0], days[len(days)-1].AddDate(0, 0, 1), now)
	if err != nil {
		return err
	}
	items := make([]persistence.ReportDay, 0, len(days))
	for _, day := range days {
		date := day.Format(time.DateOnly)
		d := sums[date]
		slices.SortFunc(d.Cells, compareCells)
		body, err := encodeDay(d)
		if err != nil {
			return err
		}
		items = append(items, persistence.ReportDay{Date: date, Body: body, UpdatedAt: now})
	}
	if err := r.Days.Put(ctx, items); err != nil {
		return fmt.Errorf("reports: rollup: %w", err)
	}
	return nil
}
