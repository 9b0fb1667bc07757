package reports

import (
	"cmp"
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// listPage is how many sessions one page of the session list holds while
// the rollup reads a span.
const listPage = 1000

// read sums the sessions created from from (included) to to (excluded),
// and the demands of the same span, by local date. Sessions come from the
// session index, a range query per partition, never a scan; projections
// are read in batches, only for the data complete sessions.
func (r *Rollup) read(ctx context.Context, from, to, now time.Time) (map[string]Day, error) {
	var sessions []domain.Session
	f := persistence.SessionFilter{From: from, To: to.Add(-time.Nanosecond)}
	for cursor := ""; ; {
		page, err := r.Sessions.List(ctx, f, listPage, cursor)
		if err != nil {
			return nil, fmt.Errorf("reports: rollup: %w", err)
		}
		sessions = append(sessions, page.Sessions...)
		if page.Next == "" {
			break
		}
		cursor = page.Next
	}
	registered, err := r.registered(ctx, sessions, now)
	if err != nil {
		return nil, err
	}
	m := summer{hours: r.hours(), abandonAfter: r.AbandonAfter, now: now, crm: r.Projections != nil}
	days := map[string]Day{}
	for _, s := range sessions {
		date := r.date(s.CreatedAt)
		d := days[date]
		d.Cells = m.add(d.Cells, s, registered[s.SessionID])
		days[date] = d
	}
	demands, err := r.Demands.Since(ctx, from)
	if err != nil {
		return nil, fmt.Errorf("reports: rollup: %w", err)
	}
	for _, dm := range demands {
		if !dm.CreatedAt.Before(to) {
			continue
		}
		date := r.date(dm.CreatedAt)
		d := days[date]
		d.Demands = addDemand(d.Demands, dm.ServiceRequested)
		days[date] = d
	}
	return days, nil
}

// registered is the set of sessions whose lead the CRM confirmed, among the
// data complete ones; empty without a CRM.
func (r *Rollup) registered(ctx context.Context, sessions []domain.Session, now time.Time) (map[string]bool, error) {
	out := map[string]bool{}
	if r.Projections == nil {
		return out, nil
	}
	var ids []string
	for _, s := range sessions {
		if Judge(s, false, r.AbandonAfter, now).DataComplete {
			ids = append(ids, s.SessionID)
		}
	}
	projections, err := r.Projections.Many(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("reports: rollup: %w", err)
	}
	for id, p := range projections {
		out[id] = p.CRMConfirmed()
	}
	return out, nil
}

// compareCells orders a day's cells by service, then operator, so a day
// item reads the same however its sessions were listed.
func compareCells(a, b Cell) int {
	return cmp.Or(strings.Compare(a.Service, b.Service), strings.Compare(a.Operator, b.Operator))
}
