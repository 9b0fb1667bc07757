package admin_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"net/url"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/persistence/persistencetest"
)

// manySessions is the list's acceptance size.
const manySessions = 5000

// seedMany creates n sessions over 500 phones, one a minute before now, nine
// in ten closed and the rest in the other states, and returns their IDs
// newest first.
func seedMany(tb testing.TB, table persistence.Table, n int) []string {
	tb.Helper()
	sessions := persistence.NewSessions(table)
	others := slices.DeleteFunc(domain.States(), func(s domain.SessionState) bool { return s == domain.StateClosed })
	ids := make([]string, n)
	for i := range n {
		s := domain.NewSession(fmt.Sprintf("sess-%05d", i), fmt.Sprintf("+55119%08d", i%500), "instance_a", now.Add(-time.Duration(n-i)*time.Minute))
		s.State = domain.StateClosed
		if i%10 == 0 {
			s.State = others[i/10%len(others)]
		}
		if s.State == domain.StateHandoff || s.State == domain.StateHuman {
			s.HandoffReason = domain.HandoffCustomerRequest
		}
		s.ServiceIdentified = domain.NullString([]string{"energia", "gas", "internet"}[i%3])
		if i%4 == 0 {
			s.AssignedTo = "+5511900000001"
		}
		if _, err := sessions.Create(tb.Context(), s); err != nil {
			tb.Fatal(err)
		}
		ids[n-1-i] = s.SessionID
	}
	return ids
}

// getList GETs one page of the list from app.
func getList(tb testing.TB, app *fiber.App, target string) admin.SessionList {
	tb.Helper()
	req := httptest.NewRequest("GET", target, nil)
	req.Header.Set(admin.KeyHeader, testKey)
	res, err := app.Test(req, 10_000)
	if err != nil {
		tb.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		tb.Fatal(err)
	}
	var list admin.SessionList
	if res.StatusCode != 200 || json.Unmarshal(body, &list) != nil {
		tb.Fatalf("GET %s = %d %s", target, res.StatusCode, body)
	}
	return list
}

// pageThrough follows next_cursor from query until the last page, calling
// page after each, and returns the session IDs in order.
func pageThrough(tb testing.TB, app *fiber.App, query url.Values, page func(admin.SessionList)) []string {
	tb.Helper()
	var ids []string
	for cursor := ""; ; {
		q := url.Values{}
		for k, v := range query {
			q[k] = v
		}
		if cursor != "" {
			q.Set("cursor", cursor)
		}
		list := getList(tb, app, "/admin/api/sessions?"+q.Encode())
		for _, s := range list.Sessions {
			ids = append(ids, s.SessionID)
		}
		if page != nil {
			page(list)
		}
		if list.NextCursor == nil {
			return ids
		}
		cursor = *list.NextCursor
	}
}

func TestSessionListPagesThroughFiveThousandByIndex(t *testing.T) {
	table := &persistencetest.CountingTable{Table: memory.New()}
	want := seedMany(t, table, manySessions)
	app, _, _ := mount(t, admin.Config{}, table)
	pages := 0
	reads := table.Reads.Load()
	got := pageThrough(t, app, url.Values{"limit": {"100"}}, func(list admin.SessionList) {
		pages++
		if len(list.Sessions) != 100 {
			t.Fatalf("page %d holds %d sessions, want 100", pages, len(list.Sessions))
		}
	})
	if !slices.Equal(got, want) {
		t.Fatalf("paging listed %d sessions, want all %d newest first", len(got), len(want))
	}
	if pages != manySessions/100 {
		t.Errorf("%d pages, want %d", pages, manySessions/100)
	}
	if n := table.Scans.Load(); n != 0 {
		t.Errorf("the list scanned the table %d times; want index queries only", n)
	}
	t.Logf("%d pages, %d index reads", pages, table.Reads.Load()-reads)

	closed := pageThrough(t, app, url.Values{"state": {"closed"}, "service": {"gas"}, "operator": {"5511900000001"}}, nil)
	if len(closed) == 0 || !sort.SliceIsSorted(closed, func(i, j int) bool { return closed[i] > closed[j] }) {
		t.Errorf("filtered list = %d sessions, want some, newest first", len(closed))
	}
	for _, id := range closed {
		var i int
		fmt.Sscanf(id, "sess-%d", &i)
		if i%10 == 0 || i%3 != 1 || i%4 != 0 {
			t.Errorf("the filtered list holds %s, which is not a closed gas session of the operator", id)
		}
	}
	if n := table.Scans.Load(); n != 0 {
		t.Errorf("the filtered list scanned the table %d times", n)
	}
}

func TestSessionListFiltersByDate(t *testing.T) {
	f := newFixture(t, admin.Config{})
	s := f.seed()
	day := time.Date(2025, 3, 8, 0, 0, 0, 0, time.UTC)
	s.session("+5511911110001", "before", domain.StateClosed, day.Add(-time.Second), nil)
	s.session("+5511911110002", "first", domain.StateClosed, day, nil)
	s.session("+5511911110003", "last", domain.StateQualifying, day.Add(24*time.Hour-time.Second), nil)
	s.session("+5511911110004", "after", domain.StateClosed, day.Add(24*time.Hour), nil)
	var got admin.SessionList
	f.getJSON("/admin/api/sessions?from=2025-03-08&to=2025-03-08", &got)
	var ids []string
	for _, s := range got.Sessions {
		ids = append(ids, s.SessionID)
	}
	if !slices.Equal(ids, []string{"last", "first"}) || got.NextCursor != nil {
		t.Errorf("sessions of 2025-03-08 = %v (next %v), want [last first] and no next page", ids, got.NextCursor)
	}
}

func TestSessionListRejectsBadParameters(t *testing.T) {
	f := newFixture(t, admin.Config{})
	for _, tt := range []struct{ query, code string }{
		{"state=OPEN", "invalid_state"},
		{"state=CLOSED,nope", "invalid_state"},
		{"limit=0", "invalid_limit"},
		{"limit=201", "invalid_limit"},
		{"from=yesterday", "invalid_from"},
		{"to=2025-13-01", "invalid_to"},
		{"from=2025-03-09&to=2025-03-08", "invalid_to"},
		{"operator=ana", "invalid_operator"},
		{"cursor=not-ours", "invalid_cursor"},
	} {
		status, body := f.do("GET", "/admin/api/sessions?"+tt.query, "", nil)
		if status != 400 || errorOf(t, body).Code != tt.code {
			t.Errorf("GET ?%s = %d %s, want 400 %s", tt.query, status, body, tt.code)
		}
	}
	if status, _ := f.do("GET", "/admin/api/sessions", "", map[string]string{admin.KeyHeader: "wrong"}); status != 401 {
		t.Errorf("GET without the key = %d, want 401", status)
	}
}

func TestSessionsPageLinksToTheConsole(t *testing.T) {
	f := newFixture(t, admin.Config{})
	s := f.seed()
	s.session("+5511922223333", "sess-a", domain.StateClosed, now.Add(-2*time.Hour), nil)
	s.session("+5511922224444", "sess-b", domain.StateClosed, now.Add(-time.Hour), func(s *domain.Session) {
		s.CadastralData = map[string]any{"nome": "Helena Prado"}
	})
	status, body := f.do("GET", "/admin/sessions?state=CLOSED&limit=1", "", nil)
	if status != 200 {
		t.Fatalf("GET /admin/sessions = %d %s", status, body)
	}
	for _, want := range []string{`href="/atendimento/conversations/5511922224444/sess-b"`, `rel="next"`, `href="/atendimento"`, "Helena Prado"} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if strings.Contains(body, "sess-a") {
		t.Error("the first page of one shows the older session too")
	}
}

// BenchmarkAdminSessionsPage pages through 5,000 sessions on the memory table
// through the HTTP handler and reports the 99th percentile of one page.
func BenchmarkAdminSessionsPage(b *testing.B) {
	for _, query := range []url.Values{{}, {"state": {"CLOSED"}}, {"state": {"NEW"}}} {
		b.Run("state="+query.Get("state"), func(b *testing.B) {
			table := memory.New()
			seedMany(b, table, manySessions)
			app, _, _ := mount(b, admin.Config{}, table)
			var durations []time.Duration
			b.ResetTimer()
			for b.Loop() {
				start := time.Now()
				pageThrough(b, app, query, func(admin.SessionList) {
					durations = append(durations, time.Since(start))
					start = time.Now()
				})
			}
			b.StopTimer()
			slices.Sort(durations)
			b.ReportMetric(float64(durations[len(durations)*99/100].Microseconds())/1000, "p99-ms/page")
			b.ReportMetric(float64(len(durations))/float64(b.N), "pages/op")
		})
	}
}
