package admin_test

import (
	"encoding/csv"
	"html"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/locale"
)

var (
	tableRow  = regexp.MustCompile(`(?s)<tr>(.*?)</tr>`)
	tableCell = regexp.MustCompile(`(?s)<t[hd][^>]*>(.*?)</t[hd]>`)
	headCell  = regexp.MustCompile(`(?s)<th[^>]*>(.*?)</th>`)
)

// pageTable is the headings and the rows of the page's table id, as text.
func pageTable(t *testing.T, body, id string) (head []string, rows [][]string) {
	t.Helper()
	start := strings.Index(body, `<table class="cards" id="`+id+`">`)
	if start < 0 {
		t.Fatalf("the page has no table %s", id)
	}
	table := body[start : start+strings.Index(body[start:], "</table>")]
	headRow := table[strings.Index(table, `<tr class="head">`):]
	for _, m := range headCell.FindAllStringSubmatch(headRow[:strings.Index(headRow, "</tr>")], -1) {
		head = append(head, html.UnescapeString(m[1]))
	}
	for _, r := range tableRow.FindAllStringSubmatch(table, -1) {
		var row []string
		for _, c := range tableCell.FindAllStringSubmatch(r[1], -1) {
			row = append(row, html.UnescapeString(c[1]))
		}
		rows = append(rows, row)
	}
	return head, rows
}

// Each CSV file is its table on the page: UTF-8 with a BOM, the page's
// headings, the same rows, and each figure the page's once read back (a
// duration in seconds is the page's words, a bare decimal the page's
// money, a day the page's date), separated and pointed as Excel pt-BR
// reads numbers (";" and ",").
func TestReportCSVMatchesThePage(t *testing.T) {
	f := newFixture(t, admin.Config{Reports: &fixedReports{}})
	loc, err := locale.New(locale.PortugueseBR, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	filter := "?from=2025-02-03&to=2025-03-09&by=week"
	_, page := f.do("GET", admin.ReportsPath+filter, "", nil)
	for _, name := range []string{"periods", "operators", "services", "demands"} {
		head, rows := pageTable(t, page, "table-"+name)
		status, body := f.do("GET", admin.ReportsPath+"/"+name+".csv"+filter, "", nil)
		if status != 200 || !strings.HasPrefix(body, "\uFEFF") {
			t.Fatalf("%s.csv = %d, want 200 with a BOM: %.80q", name, status, body)
		}
		r := csv.NewReader(strings.NewReader(strings.TrimPrefix(body, "\uFEFF")))
		r.Comma = ';'
		records, err := r.ReadAll()
		if err != nil {
			t.Fatalf("%s.csv: %v", name, err)
		}
		if strings.Join(records[0], "|") != strings.Join(head, "|") {
			t.Errorf("%s.csv headings %q, page %q", name, records[0], head)
		}
		if len(records)-1 != len(rows) || len(rows) == 0 {
			t.Fatalf("%s.csv has %d rows, the page %d", name, len(records)-1, len(rows))
		}
		for i, rec := range records[1:] {
			for j, value := range rec {
				if got, want := asPage(loc, head[j], value), rows[i][j]; got != want {
					t.Errorf("%s.csv row %d %q: %q reads %q, the page says %q", name, i+1, head[j], value, got, want)
				}
			}
		}
	}
}

// asPage is a CSV value as the page writes it under heading.
func asPage(loc locale.Locale, heading, value string) string {
	switch {
	case value == "":
		return "—"
	case heading == "Período":
		day, _ := time.ParseInLocation(time.DateOnly, value, loc.Zone)
		return "Semana de " + loc.Date(day)
	case strings.Contains(heading, "em até"):
		s, _ := strconv.Atoi(value)
		return loc.Duration(time.Duration(s) * time.Second)
	case strings.HasSuffix(heading, "(USD)"):
		v, _ := strconv.ParseFloat(strings.Replace(value, ",", ".", 1), 64)
		return loc.Money(v, "USD")
	case strings.HasPrefix(heading, "Satisfação"):
		v, _ := strconv.ParseFloat(strings.Replace(value, ",", ".", 1), 64)
		return loc.Decimal(v, 1)
	case heading == "Outras formas de pedir":
		return strings.ReplaceAll(value, " | ", " · ")
	}
	if n, err := strconv.ParseInt(value, 10, 64); err == nil {
		return loc.Decimal(float64(n), 0)
	}
	return value
}
