package persistence

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// The report items: one per local day, and the rollup's marker, together in
// one partition so a report of any range is one Query. A day item is small
// (a cell per service and operator of that day), so a year of them is a few
// pages at most.
const (
	ReportPK          = "REPORT"
	reportDaySKPrefix = "DAY#"
	RollupSK          = "ROLLUP"
)

// ReportDaySK is the sort key of a local day's item (date YYYY-MM-DD).
func ReportDaySK(date string) string { return reportDaySKPrefix + date }

// ReportDay is the stored sums of one local day. Body is the reports
// package's encoding of them: this package keeps it without reading it, so
// the sums can grow without a change here.
type ReportDay struct {
	Date      string    `dynamodbav:"date"`
	Body      string    `dynamodbav:"body"`
	UpdatedAt time.Time `dynamodbav:"updated_at"`
}

// RollupMarker is when the rollup last ran, on any node; the zero RanAt
// before it ever did.
type RollupMarker struct {
	RanAt time.Time `dynamodbav:"ran_at"`
}

// ReportDays stores the day items and the rollup marker. It is safe for
// concurrent use.
type ReportDays struct{ table Table }

// NewReportDays returns the report day store over table.
func NewReportDays(table Table) *ReportDays { return &ReportDays{table: table} }

// Put writes day items, replacing those of the same dates.
func (r *ReportDays) Put(ctx context.Context, days []ReportDay) error {
	items := make([]Item, 0, len(days))
	for _, d := range days {
		item, err := encodeRecord(d)
		if err != nil {
			return fmt.Errorf("persistence: encode report day %s: %w", d.Date, err)
		}
		items = append(items, withKeys(item, Key{PK: ReportPK, SK: ReportDaySK(d.Date)}))
	}
	if err := r.table.BatchWrite(ctx, items, nil); err != nil {
		return fmt.Errorf("persistence: put report days: %w", err)
	}
	return nil
}

// Range returns the day items from from to to (YYYY-MM-DD, both included),
// oldest first; days without an item are absent.
func (r *ReportDays) Range(ctx context.Context, from, to string) ([]ReportDay, error) {
	items, err := queryAll(ctx, r.table, Query{PK: ReportPK, SKFrom: ReportDaySK(from), SKTo: ReportDaySK(to)}, 0)
	if err != nil {
		return nil, fmt.Errorf("persistence: report days %s to %s: %w", from, to, err)
	}
	days := make([]ReportDay, 0, len(items))
	for _, item := range items {
		var d ReportDay
		if err := decodeRecord(item, &d); err != nil {
			return nil, fmt.Errorf("persistence: decode report day: %w", err)
		}
		days = append(days, d)
	}
	return days, nil
}

// Marker reads the rollup marker; the zero marker before the first rollup.
func (r *ReportDays) Marker(ctx context.Context) (RollupMarker, error) {
	item, err := r.table.Get(ctx, Key{PK: ReportPK, SK: RollupSK})
	if errors.Is(err, ErrNotFound) {
		return RollupMarker{}, nil
	}
	if err != nil {
		return RollupMarker{}, fmt.Errorf("persistence: rollup marker: %w", err)
	}
	var m RollupMarker
	if err := decodeRecord(item, &m); err != nil {
		return RollupMarker{}, fmt.Errorf("persistence: decode rollup marker: %w", err)
	}
	return m, nil
}

// Claim moves the marker from seen (as Marker read it) to now, and reports
// whether this call did: of the nodes that read the same marker, one claims
// the run and the others see it taken.
func (r *ReportDays) Claim(ctx context.Context, seen RollupMarker, now time.Time) (bool, error) {
	cond := NotExists(AttrPK)
	if !seen.RanAt.IsZero() {
		cond = Equal("ran_at", FormatTime(seen.RanAt))
	}
	_, err := r.table.Update(ctx, Key{PK: ReportPK, SK: RollupSK}, Update{Set: map[string]any{"ran_at": FormatTime(now)}}, &cond)
	if errors.Is(err, ErrConflict) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("persistence: claim the rollup: %w", err)
	}
	return true, nil
}
