package digest

import (
	"bytes"
	"fmt"
	"html/template"
	"net/url"
	"strings"
	"time"

	"github.com/intake-runtime/intake/locale"
	"github.com/intake-runtime/intake/reports"
)

// topDemands is how many demands the digest lists.
const topDemands = 5

// Message is a digest e-mail: its subject and its plain-text and HTML
// bodies, which say the same.
type Message struct {
	Subject, Text, HTML string
}

// line is one line of the digest: a label and its figure.
type line struct{ Label, Value string }

// body is what both bodies show.
type body struct {
	Heading string
	Funnel  []line
	Facts   []string
	Demands []string
	// DemandsTitle heads Demands (or says there were none); Link is the
	// full report's address, LinkLabel its words.
	FunnelTitle, DemandsTitle string
	Link, LinkLabel           string
}

var htmlBody = template.Must(template.New("digest").Parse(`<!doctype html><html><body style="font-family:sans-serif;color:#1d2430">
<h1 style="font-size:18px">{{.Heading}}</h1>
<h2 style="font-size:15px">{{.FunnelTitle}}</h2>
<table>{{range .Funnel}}<tr><td>{{.Label}}</td><td style="text-align:right;padding-left:12px">{{.Value}}</td></tr>{{end}}</table>
{{range .Facts}}<p>{{.}}</p>{{end}}
<h2 style="font-size:15px">{{.DemandsTitle}}</h2>
{{if .Demands}}<ol>{{range .Demands}}<li>{{.}}</li>{{end}}</ol>{{end}}
{{if .Link}}<p><a href="{{.Link}}">{{.LinkLabel}}</a></p>{{end}}
</body></html>`))

// Compose writes the digest of r, the report of one week, linking to the
// reports page at pageURL (none when empty) for the same days.
func Compose(loc locale.Locale, r reports.Report, pageURL string) (Message, error) {
	from, to := day(loc, r.From), day(loc, r.To)
	t := r.Total
	f := t.Funnel
	b := body{Heading: loc.T("digest.heading", from, to), FunnelTitle: loc.T("digest.funnel"), DemandsTitle: loc.T("digest.demands")}
	for _, s := range []struct {
		key string
		n   int
	}{
		{"digest.conversations", f.Conversations}, {"digest.qualified", f.Qualified}, {"digest.data_complete", f.DataComplete},
		{"digest.registered", f.Registered}, {"digest.handed_off", f.HandedOff}, {"digest.closed", f.Closed}, {"digest.abandoned", f.Abandoned},
	} {
		b.Funnel = append(b.Funnel, line{Label: loc.T(s.key), Value: loc.Decimal(float64(s.n), 0) + " (" + loc.Percent(s.n, f.Conversations) + ")"})
	}
	if w := t.HandoffWait; w.P50 != nil {
		b.Facts = append(b.Facts, loc.T("digest.wait", loc.Duration(time.Duration(*w.P50*float64(time.Second))), w.Count))
	} else {
		b.Facts = append(b.Facts, loc.T("digest.no_wait"))
	}
	if c := t.Usage.PerRegistered; c != nil {
		b.Facts = append(b.Facts, loc.T("digest.per_registered", loc.Money(*c, r.Currency)))
	} else {
		b.Facts = append(b.Facts, loc.T("digest.no_cost"))
	}
	for i, d := range r.Demands {
		if i == topDemands {
			break
		}
		b.Demands = append(b.Demands, fmt.Sprintf("%s (%d)", d.Text, d.Count))
	}
	if len(b.Demands) == 0 {
		b.DemandsTitle = loc.T("digest.no_demands")
	}
	if pageURL != "" {
		b.Link = pageURL + "?" + url.Values{"from": {r.From}, "to": {r.To}, "by": {"day"}}.Encode()
		b.LinkLabel = loc.T("digest.link_label")
	}
	var html bytes.Buffer
	if err := htmlBody.Execute(&html, b); err != nil {
		return Message{}, err
	}
	subject := loc.T("digest.subject", day(loc, r.From), to, loc.Decimal(float64(f.Conversations), 0), loc.Decimal(float64(f.Registered), 0))
	return Message{Subject: subject, Text: plain(loc, b), HTML: html.String()}, nil
}

// plain is the text body: the same lines as the HTML.
func plain(loc locale.Locale, b body) string {
	var s strings.Builder
	fmt.Fprintf(&s, "%s\n\n%s\n", b.Heading, b.FunnelTitle)
	for _, l := range b.Funnel {
		fmt.Fprintf(&s, "- %s: %s\n", l.Label, l.Value)
	}
	s.WriteString("\n")
	for _, f := range b.Facts {
		s.WriteString(f + "\n")
	}
	fmt.Fprintf(&s, "\n%s\n", b.DemandsTitle)
	for i, d := range b.Demands {
		fmt.Fprintf(&s, "%d. %s\n", i+1, d)
	}
	if b.Link != "" {
		fmt.Fprintf(&s, "\n%s\n", loc.T("digest.link", b.Link))
	}
	return s.String()
}

// day is a report's YYYY-MM-DD day as the locale writes dates.
func day(loc locale.Locale, d string) string {
	t, err := time.ParseInLocation(time.DateOnly, d, loc.Zone)
	if err != nil {
		return d
	}
	return loc.Date(t)
}
