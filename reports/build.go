package reports

import (
	"cmp"
	"slices"
	"time"

	"github.com/intake-runtime/intake/internal/redact"
)

// build merges the cells of days (by date) that q keeps into a report.
func (s *Store) build(q Query, days map[string]Day, names map[string]string) Report {
	by := q.By
	if by != ByWeek {
		by = ByDay
	}
	r := Report{By: by, Service: q.Service, Operator: q.Operator, TimeZone: s.zone().String(),
		Periods: []Period{}, Operators: []OperatorRow{}, Services: []ServiceRow{}, Demands: []DemandGroup{},
		Currency: cmp.Or(s.Currency, "USD")}
	var total Cell
	periods := map[string]*Cell{}
	operators := map[string]*Cell{}
	services := map[string]*Cell{}
	var clusters [][]Cluster
	from, to := localDay(q.From, s.zone()), localDay(q.To, s.zone())
	for day := from; !day.After(to); day = day.AddDate(0, 0, 1) {
		start := periodStart(day, by).Format(time.DateOnly)
		if periods[start] == nil {
			periods[start] = &Cell{}
			r.Periods = append(r.Periods, Period{Start: start})
		}
		d := days[day.Format(time.DateOnly)]
		for _, c := range d.Cells {
			if q.Service != "" && c.Service != q.Service || q.Operator != "" && c.Operator != q.Operator {
				continue
			}
			total.merge(c)
			periods[start].merge(c)
			into(services, c.Service).merge(c)
			if c.Operator != "" {
				into(operators, c.Operator).merge(c)
			}
		}
		if q.Operator == "" && q.Service == "" {
			clusters = append(clusters, d.Demands)
		}
	}
	for i := range r.Periods {
		r.Periods[i].Figures = s.figures(*periods[r.Periods[i].Start])
	}
	r.Total = s.figures(total)
	for phone, c := range operators {
		name := names[phone]
		if name == "" {
			name = redact.MaskPhone(phone)
		}
		r.Operators = append(r.Operators, operatorRow(phone, name, c))
	}
	slices.SortFunc(r.Operators, func(a, b OperatorRow) int {
		return cmp.Or(cmp.Compare(b.Conversations, a.Conversations), cmp.Compare(a.Operator, b.Operator))
	})
	for service, c := range services {
		r.Services = append(r.Services, ServiceRow{Service: service, Label: s.label(service), Figures: s.figures(*c)})
	}
	slices.SortFunc(r.Services, func(a, b ServiceRow) int {
		return cmp.Or(cmp.Compare(b.Funnel.Conversations, a.Funnel.Conversations), cmp.Compare(a.Service, b.Service))
	})
	r.Demands = append(r.Demands, groupDemands(clusters)...)
	return r
}

// figures are a merged cell's figures, its usage priced now.
func (s *Store) figures(c Cell) Figures {
	f := Figures{Funnel: c.Funnel, HandoffWait: c.HandoffWait.Percentile(), Handling: c.Handling.Percentile()}
	priced := false
	var cost float64
	for _, u := range c.Usage {
		f.Usage.Calls += u.Calls
		f.Usage.TokensInput += u.TokensInput
		f.Usage.TokensOutput += u.TokensOutput
		if p, ok := PriceOf(s.Prices, u.Model); ok {
			cost += p.Cost(u.TokensInput, u.TokensOutput)
			priced = true
		}
	}
	if priced {
		f.Usage.Cost = &cost
		f.Usage.PerConversation = divide(cost, c.Funnel.Conversations)
		f.Usage.PerRegistered = divide(cost, c.Funnel.Registered)
	}
	return f
}

// operatorRow is one operator's row from their merged cell.
func operatorRow(phone, name string, c *Cell) OperatorRow {
	row := OperatorRow{Operator: phone, Name: name, Conversations: c.Funnel.Conversations,
		FirstResponse: c.HandoffWait.Percentile(), Handling: c.Handling.Percentile(), CSATAnswers: c.CSATCount}
	if c.CSATCount > 0 {
		avg := float64(c.CSATSum) / float64(c.CSATCount)
		row.CSATAverage = &avg
	}
	return row
}

func into(m map[string]*Cell, key string) *Cell {
	if m[key] == nil {
		m[key] = &Cell{}
	}
	return m[key]
}

func divide(cost float64, n int) *float64 {
	if n == 0 {
		return nil
	}
	v := cost / float64(n)
	return &v
}

// localDay is t's date as a midnight in zone; periodStart the first day of
// the period holding day: itself, or the Monday of its week.
func localDay(t time.Time, zone *time.Location) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, zone)
}

func periodStart(day time.Time, by Grouping) time.Time {
	if by != ByWeek {
		return day
	}
	back := (int(day.Weekday()) + 6) % 7 // days since Monday
	return day.AddDate(0, 0, -back)
}

func (s *Store) zone() *time.Location {
	if s.Zone == nil {
		return time.UTC
	}
	return s.Zone
}
