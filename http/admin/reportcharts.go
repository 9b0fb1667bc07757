package admin

import (
	"time"

	"github.com/intake-runtime/intake/locale"
	"github.com/intake-runtime/intake/reports"
)

// The charts are SVG drawn here with a fixed coordinate system (viewBox)
// that the browser scales to the page's width, so they need no script and
// fit a phone.
const (
	chartWidth = 400
	// funnelBar is the longest funnel bar: room is left on its right for
	// the count and the share.
	funnelBar  = 250
	funnelStep = 38 // a step's height: its label above its bar
	plotTop    = 12
	plotHeight = 130
	plotLeft   = 4
)

// funnelView is one step of the funnel as the chart and its table show it.
type funnelView struct {
	Label string
	Count string
	Share string
	// LabelY is the label's baseline; BarY and Width place the bar, TextX
	// and TextY the figures after it.
	LabelY, BarY, Width, TextX, TextY int
}

// funnelChart is the funnel's steps, the chart's height and its title.
type funnelChart struct {
	Title  string
	Height int
	Steps  []funnelView
}

func newFunnelChart(loc locale.Locale, r reports.Report) funnelChart {
	f := r.Total.Funnel
	steps := []struct {
		key string
		n   int
	}{
		{"admin.reports.conversations", f.Conversations}, {"admin.reports.qualified", f.Qualified},
		{"admin.reports.data_complete", f.DataComplete}, {"admin.reports.registered", f.Registered},
		{"admin.reports.handed_off", f.HandedOff}, {"admin.reports.closed", f.Closed}, {"admin.reports.abandoned", f.Abandoned},
	}
	c := funnelChart{Title: loc.T("admin.reports.funnel_chart", f.Conversations, reportDay(loc, r.From), reportDay(loc, r.To)),
		Height: len(steps) * funnelStep}
	for i, s := range steps {
		step := funnelView{Label: loc.T(s.key), Count: loc.Decimal(float64(s.n), 0),
			Share: loc.Percent(s.n, f.Conversations)}
		y, w := i*funnelStep, scaled(s.n, f.Conversations, funnelBar)
		step.LabelY, step.BarY, step.Width, step.TextX, step.TextY = y+13, y+18, w, w+6, y+30
		c.Steps = append(c.Steps, step)
	}
	return c
}

// periodChart is the conversations and registrations of each period as
// pairs of vertical bars.
type periodChart struct {
	Title       string
	Max         string
	First, Last string
	Bars        []periodBars
	// Base is the y of the bars' foot, BarWidth each bar's width, Height
	// the chart's (the dates below the foot).
	Base, BarWidth, Height int
}

type periodBars struct {
	Label                     string
	X, X2                     int
	Conversations, Registered barHeight
}

type barHeight struct {
	Y, Height int
	N         int
}

func newPeriodChart(loc locale.Locale, r reports.Report, names []string) periodChart {
	c := periodChart{Title: loc.T("admin.reports.period_chart", reportDay(loc, r.From), reportDay(loc, r.To)),
		Base: plotTop + plotHeight, Height: plotTop + plotHeight + 18}
	top := 1
	for _, p := range r.Periods {
		top = max(top, p.Funnel.Conversations)
	}
	c.Max = loc.Decimal(float64(top), 0)
	n := max(len(r.Periods), 1)
	slot := (chartWidth - plotLeft) / n
	c.BarWidth = max(slot*2/5, 1)
	bar := func(v int) barHeight {
		h := scaled(v, top, plotHeight)
		return barHeight{Y: c.Base - h, Height: h, N: v}
	}
	for i, p := range r.Periods {
		x := plotLeft + i*slot + slot/10
		c.Bars = append(c.Bars, periodBars{Label: names[i], X: x, X2: x + c.BarWidth,
			Conversations: bar(p.Funnel.Conversations), Registered: bar(p.Funnel.Registered)})
	}
	if len(names) > 0 {
		c.First, c.Last = names[0], names[len(names)-1]
	}
	return c
}

// scaled is n of whole as a length of at most full; a step that has
// anything shows at least a sliver.
func scaled(n, whole, full int) int {
	if n <= 0 || whole <= 0 {
		return 0
	}
	return max(n*full/whole, 2)
}

// reportDay is a report's YYYY-MM-DD day as the locale writes dates.
func reportDay(loc locale.Locale, day string) string {
	t, err := time.ParseInLocation(time.DateOnly, day, loc.Zone)
	if err != nil {
		return day
	}
	return loc.Date(t)
}
