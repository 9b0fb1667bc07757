package admin

import (
	"strconv"
	"strings"
	"time"

	"github.com/intake-runtime/intake/locale"
	"github.com/intake-runtime/intake/reports"
)

// reportTable is one table of the reports page, built once for the page
// and its CSV file, so the two always hold the same rows and figures.
type reportTable struct {
	// Name is the table's CSV file (/admin/reports/<Name>.csv).
	Name  string
	Title string
	Head  []reportColumn
	Rows  [][]reportCell
}

// reportColumn is a column's heading; Num right-aligns its figures.
type reportColumn struct {
	Label string
	Num   bool
}

// reportCell is one figure: Text as the page shows it, Value as the CSV
// file holds it (a count, whole seconds, a decimal with the language's
// mark and no grouping, a YYYY-MM-DD day), empty when there is none.
type reportCell struct {
	Text  string
	Value string
}

// reportTableNames are the tables of the page, in its order.
var reportTableNames = []string{"periods", "operators", "services", "demands"}

// tableBuilder builds the tables of a report in one locale.
type tableBuilder struct {
	loc locale.Locale
	r   reports.Report
}

func (b tableBuilder) table(name string) reportTable {
	switch name {
	case "periods":
		return b.periods()
	case "operators":
		return b.operators()
	case "services":
		return b.services()
	}
	return b.demands()
}

func (b tableBuilder) cols(num bool, keys ...string) []reportColumn {
	out := make([]reportColumn, len(keys))
	for i, k := range keys {
		out[i] = reportColumn{Label: b.loc.T(k), Num: num}
	}
	return out
}

func (b tableBuilder) periods() reportTable {
	head := append(b.cols(false, "admin.reports.period"), b.cols(true, "admin.reports.conversations",
		"admin.reports.qualified", "admin.reports.data_complete", "admin.reports.registered", "admin.reports.handed_off",
		"admin.reports.closed", "admin.reports.abandoned", "admin.reports.wait_p50", "admin.reports.wait_p90",
		"admin.reports.handling_p50", "admin.reports.handling_p90")...)
	head = append(head, b.money("admin.reports.cost"))
	t := reportTable{Name: "periods", Title: b.loc.T("admin.reports.per_period"), Head: head}
	for _, p := range b.r.Periods {
		f := p.Funnel
		row := []reportCell{{Text: b.periodName(p.Start), Value: p.Start}}
		for _, n := range []int{f.Conversations, f.Qualified, f.DataComplete, f.Registered, f.HandedOff, f.Closed, f.Abandoned} {
			row = append(row, b.count(int64(n)))
		}
		row = append(row, b.seconds(p.HandoffWait.P50), b.seconds(p.HandoffWait.P90),
			b.seconds(p.Handling.P50), b.seconds(p.Handling.P90), b.cost(p.Usage.Cost))
		t.Rows = append(t.Rows, row)
	}
	return t
}

func (b tableBuilder) operators() reportTable {
	head := append(b.cols(false, "admin.reports.operator"), b.cols(true, "admin.reports.conversations",
		"admin.reports.first_p50", "admin.reports.first_p90", "admin.reports.handling_p50", "admin.reports.handling_p90",
		"admin.reports.csat", "admin.reports.csat_answers")...)
	t := reportTable{Name: "operators", Title: b.loc.T("admin.reports.per_operator"), Head: head}
	for _, o := range b.r.Operators {
		csat := reportCell{Text: "—"}
		if o.CSATAverage != nil {
			csat = b.decimal(*o.CSATAverage, 1)
		}
		t.Rows = append(t.Rows, []reportCell{{Text: o.Name, Value: o.Name}, b.count(int64(o.Conversations)),
			b.seconds(o.FirstResponse.P50), b.seconds(o.FirstResponse.P90), b.seconds(o.Handling.P50),
			b.seconds(o.Handling.P90), csat, b.count(int64(o.CSATAnswers))})
	}
	return t
}

func (b tableBuilder) services() reportTable {
	head := append(b.cols(false, "admin.reports.service"), b.cols(true, "admin.reports.conversations",
		"admin.reports.registered", "admin.reports.tokens")...)
	head = append(head, b.money("admin.reports.cost"), b.money("admin.reports.per_conv"), b.money("admin.reports.per_registered"))
	t := reportTable{Name: "services", Title: b.loc.T("admin.reports.per_service"), Head: head}
	for _, s := range b.r.Services {
		u := s.Usage
		t.Rows = append(t.Rows, []reportCell{b.serviceName(s), b.count(int64(s.Funnel.Conversations)), b.count(int64(s.Funnel.Registered)),
			b.count(u.TokensInput + u.TokensOutput), b.cost(u.Cost), b.cost(u.PerConversation), b.cost(u.PerRegistered)})
	}
	return t
}

func (b tableBuilder) demands() reportTable {
	head := append(b.cols(false, "admin.reports.demand"), b.cols(true, "admin.reports.count")...)
	head = append(head, b.cols(false, "admin.reports.examples")...)
	t := reportTable{Name: "demands", Title: b.loc.T("admin.reports.demands"), Head: head}
	for _, d := range b.r.Demands {
		examples := reportCell{Text: "—"}
		if len(d.Examples) > 0 {
			examples = reportCell{Text: strings.Join(d.Examples, " · "), Value: strings.Join(d.Examples, " | ")}
		}
		t.Rows = append(t.Rows, []reportCell{{Text: d.Text, Value: d.Text}, b.count(int64(d.Count)), examples})
	}
	return t
}

// money is a cost column's heading, naming the currency the CSV's bare
// numbers are in.
func (b tableBuilder) money(key string) reportColumn {
	return reportColumn{Label: b.loc.T(key) + " (" + b.r.Currency + ")", Num: true}
}

func (b tableBuilder) periodName(start string) string {
	day, err := time.ParseInLocation(time.DateOnly, start, b.loc.Zone)
	if err != nil {
		return start
	}
	if b.r.By == reports.ByWeek {
		return b.loc.T("admin.reports.week_of", b.loc.Date(day))
	}
	return b.loc.Date(day)
}

func (b tableBuilder) serviceName(s reports.ServiceRow) reportCell {
	name := s.Label
	if name == "" {
		name = s.Service
	}
	if name == "" {
		name = b.loc.T("admin.reports.no_service")
	}
	return reportCell{Text: name, Value: name}
}

// seconds is a duration in words on the page and whole seconds in the CSV.
func (b tableBuilder) seconds(s *float64) reportCell {
	if s == nil {
		return reportCell{Text: "—"}
	}
	return reportCell{Text: b.loc.Duration(time.Duration(*s * float64(time.Second))), Value: strconv.Itoa(int(*s))}
}

// cost is an amount with its currency on the page, the bare number in the
// CSV (four decimals, the language's decimal mark).
func (b tableBuilder) cost(c *float64) reportCell {
	if c == nil {
		return reportCell{Text: "—"}
	}
	return reportCell{Text: b.loc.Money(*c, b.r.Currency), Value: b.bare(*c, 4)}
}

func (b tableBuilder) decimal(v float64, digits int) reportCell {
	return reportCell{Text: b.loc.Decimal(v, digits), Value: b.bare(v, digits)}
}

// bare is v as a spreadsheet in the language reads a number: the decimal
// mark, no grouping.
func (b tableBuilder) bare(v float64, digits int) string {
	s := strconv.FormatFloat(v, 'f', digits, 64)
	if b.loc.Lang == locale.English {
		return s
	}
	return strings.Replace(s, ".", ",", 1)
}

// count is a number grouped as the language writes it on the page, bare
// in the CSV.
func (b tableBuilder) count(n int64) reportCell {
	return reportCell{Text: b.loc.Decimal(float64(n), 0), Value: strconv.FormatInt(n, 10)}
}
