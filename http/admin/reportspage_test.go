package admin_test

import (
	"errors"
	"html"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/reports"
)

// The page asks for the last 30 local days by day unless told otherwise,
// and shows the funnel with the share of conversations at each step, the
// waits in words, money in pt-BR, when the figures were summed, and a CSV
// link beside each table.
func TestReportsPageShowsTheReport(t *testing.T) {
	src := &fixedReports{}
	f := newFixture(t, admin.Config{Reports: src})
	f.putOperator(persistence.OperatorRecord{Phone: "+5511988887777", Name: "Maria Aparecida", UpdatedAt: now})
	status, body := f.do("GET", admin.ReportsPath, "", nil)
	if status != 200 {
		t.Fatalf("GET %s = %d %s", admin.ReportsPath, status, body)
	}
	sp, _ := time.LoadLocation("America/Sao_Paulo")
	want := reports.Query{From: time.Date(2025, 2, 9, 0, 0, 0, 0, sp), To: time.Date(2025, 3, 10, 0, 0, 0, 0, sp), By: reports.ByDay}
	if q := src.query(); !q.From.Equal(want.From) || !q.To.Equal(want.To) || q.By != want.By || q.Service != "" || q.Operator != "" {
		t.Errorf("asked %+v, want %+v", q, want)
	}
	text := html.UnescapeString(body)
	for _, s := range []string{
		`role="img"`, "<title id=\"funnel-title\">Funil de 1204 conversas, de 09/02/2025 a 10/03/2025</title>",
		"Cadastradas no CRM", "373 · 31%", "Encaminhadas a uma pessoa", "Abandonadas", "204 · 17%",
		"Atualizado às 08:53.", "Metade em até 5 min", "9 em 10 em até 45 min",
		"Semana de", // absent by day: checked below
		"Maria Aparecida", "4,6", "US$ 0,0137", "US$ 9,62", "US$ 0,0443", "Sem serviço identificado",
		"pesquisa de preço", "levantamento de preços · comparar preço da concorrência",
		`href="/admin/reports/periods.csv?by=day&from=2025-02-09&to=2025-03-10"`,
		`href="/admin/reports/demands.csv?`, `<option value="+5511988887777">Maria Aparecida</option>`,
	} {
		if s == "Semana de" {
			if strings.Contains(text, s) {
				t.Error("a report by day names weeks")
			}
			continue
		}
		if !strings.Contains(text, s) {
			t.Errorf("the page lacks %q", s)
		}
	}
	if strings.Contains(text, "Atualizar agora") {
		t.Error("the page offers a refresh without a refresher")
	}
}

// The filter goes to the source as typed: weeks, a service, an operator.
func TestReportsPageFilters(t *testing.T) {
	src := &fixedReports{}
	f := newFixture(t, admin.Config{Reports: src})
	q := url.Values{"from": {"2025-01-06"}, "to": {"2025-02-02"}, "by": {"week"}, "service": {"Cliente oculto"}, "operator": {"+5521977776666"}}
	status, body := f.do("GET", admin.ReportsPath+"?"+q.Encode(), "", nil)
	if status != 200 {
		t.Fatalf("GET = %d %s", status, body)
	}
	got := src.query()
	if got.From.Format(time.DateOnly) != "2025-01-06" || got.To.Format(time.DateOnly) != "2025-02-02" ||
		got.By != reports.ByWeek || got.Service != "Cliente oculto" || got.Operator != "+5521977776666" {
		t.Errorf("asked %+v", got)
	}
	if !strings.Contains(body, "Semana de 06/01/2025") || !strings.Contains(body, `<option value="week" selected>`) {
		t.Error("a report by week does not name its weeks or keep the grouping chosen")
	}
}

// Refused filters, a missing source and a failing one are said in words;
// the CSV files answer with the API's error statuses.
func TestReportsPageRefusals(t *testing.T) {
	for _, c := range []struct {
		name, target string
		cfg          admin.Config
		status, csv  int
		says         string
	}{
		{"no source", admin.ReportsPath, admin.Config{}, 200, 503, "Os relatórios não estão disponíveis neste servidor."},
		{"bad date", admin.ReportsPath + "?from=2025-13-01", admin.Config{Reports: &fixedReports{}}, 422, 400, "Data inválida em “De”"},
		{"reversed", admin.ReportsPath + "?from=2025-03-01&to=2025-02-01", admin.Config{Reports: &fixedReports{}}, 422, 400, "O início do período é depois do fim."},
		{"too long", admin.ReportsPath + "?from=2020-01-01&to=2025-02-01", admin.Config{Reports: &fixedReports{}}, 422, 400, "até 366 dias"},
		{"failing", admin.ReportsPath, admin.Config{Reports: &fixedReports{fail: true}}, 503, 503, "Não foi possível montar o relatório agora."},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t, c.cfg)
			status, body := f.do("GET", c.target, "", nil)
			if status != c.status || !strings.Contains(html.UnescapeString(body), c.says) {
				t.Errorf("GET %s = %d, want %d saying %q:\n%s", c.target, status, c.status, c.says, body)
			}
			csv := strings.Replace(c.target, admin.ReportsPath, admin.ReportsPath+"/periods.csv", 1)
			if status, body := f.do("GET", csv, "", nil); status != c.csv {
				t.Errorf("GET %s = %d, want %d: %s", csv, status, c.csv, body)
			}
		})
	}
	f := newFixture(t, admin.Config{Reports: &fixedReports{}})
	if status, _ := f.do("GET", admin.ReportsPath+"/sessions.csv", "", nil); status != 404 {
		t.Errorf("GET an unknown table = %d, want 404", status)
	}
}

// "Atualizar agora" sums the sessions now and comes back to the same
// filter with a flash; a failure says so; another site cannot post it.
func TestReportsRefreshNow(t *testing.T) {
	ref := &refresher{}
	f := newFixture(t, admin.Config{Reports: &fixedReports{}, ReportRefresher: ref})
	if _, body := f.do("GET", admin.ReportsPath, "", nil); !strings.Contains(body, "Atualizar agora") {
		t.Fatal("no refresh button")
	}
	form := url.Values{"from": {"2025-03-01"}, "to": {"2025-03-10"}, "by": {"week"}}
	res := f.request("POST", admin.ReportsPath+"/refresh", form, map[string]string{"Origin": "http://example.com"})
	loc := res.header.Get("Location")
	if res.status != 303 || ref.calls != 1 || !strings.Contains(loc, "done=refreshed") || !strings.Contains(loc, "from=2025-03-01") || !strings.Contains(loc, "by=week") {
		t.Fatalf("POST refresh = %d to %q after %d refreshes", res.status, loc, ref.calls)
	}
	if _, body := f.do("GET", loc, "", nil); !strings.Contains(body, "Números atualizados.") {
		t.Error("no flash after the refresh")
	}
	ref.err = errors.New("rollup busy")
	res = f.request("POST", admin.ReportsPath+"/refresh", form, nil)
	if _, body := f.do("GET", res.header.Get("Location"), "", nil); !strings.Contains(body, "Não foi possível atualizar agora.") {
		t.Error("a failed refresh is not said")
	}
	if res := f.request("POST", admin.ReportsPath+"/refresh", form, map[string]string{"Origin": "https://evil.example"}); res.status != 403 || ref.calls != 2 {
		t.Errorf("a cross-origin refresh = %d after %d refreshes, want 403 and none", res.status, ref.calls)
	}
}
