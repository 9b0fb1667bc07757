package runtime_test

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/projection/crm/crmtest"
	"github.com/intake-runtime/intake/fixtures"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/reports"
	"github.com/intake-runtime/intake/runtime"
)

// reportedConversations is how many conversations the reports acceptance
// replays.
const reportedConversations = 200

// The owner's reports count what the conversations did. Two hundred
// conversations are replayed through the session actors onto one table:
// the recorded library, and scripted customers made from it who stop
// writing partway (each recording cut after one of its turns, on a phone of
// its own). The CRM gets the leads through the real sync job; a day later
// the rollup sums the sessions. The funnel, the operators' conversations and
// the demands the API reports equal what the test counts itself from the
// recordings' expected states, and the page's CSV of periods adds up to the
// same funnel.
func TestReportsCountWhatTheConversationsDid(t *testing.T) {
	table := memory.New()
	replays := reportScripts(t)
	want := expectedFigures{operators: map[string]int{}}
	for _, f := range replays {
		res := fixtures.Run(t.Context(), f, fixtures.Options{Table: table})
		if !res.Passed {
			t.Fatalf("replay %s (%s) did not go as recorded: %+v", f.Name, f.Phone, res)
		}
		want.add(f)
	}
	if want.funnel.Conversations != reportedConversations {
		t.Fatalf("the scripts hold %d conversations, want %d", want.funnel.Conversations, reportedConversations)
	}

	crm := crmtest.New(t)
	env := map[string]string{
		"MESSAGING_CLOUD_ENABLED": "false", "ERP_ENABLED": "false", "DEV_UI_ENABLED": "true",
		"CRM_ENABLED": "true", "CRM_BASE_URL": crm.URL, "CRM_ACCESS_TOKEN": "crm-token",
		"ADMIN_API_KEY": "reports-key", "ABANDON_AFTER": "24h",
	}
	cfg := load(t, env)
	job, err := runtime.NewSyncJob(cfg, table, zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	for range 10 { // each run takes the backlog it finds
		res, err := job.Run(t.Context(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Metrics == nil || res.Metrics.Pending+res.Metrics.Uncertain == 0 {
			break
		}
	}

	dayLater := func() time.Time { return time.Now().Add(25 * time.Hour) }
	app, err := runtime.New(t.Context(), cfg, zap.NewNop(), runtime.Options{Table: table, Now: dayLater})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = app.Close() })
	if res := do(t, app, "POST", "/admin/reports/refresh", nil, map[string]string{"Origin": "http://example.com"}); res.status != http.StatusSeeOther {
		t.Fatalf("refresh = %d %s", res.status, res.body)
	}

	zone, _ := time.LoadLocation("America/Sao_Paulo")
	today := time.Now().In(zone)
	period := fmt.Sprintf("from=%s&to=%s", today.AddDate(0, 0, -1).Format(time.DateOnly), today.AddDate(0, 0, 2).Format(time.DateOnly))
	res := do(t, app, "GET", "/admin/api/reports?"+period, nil, map[string]string{"X-Admin-Key": "reports-key"})
	var got struct {
		Report reports.Report `json:"report"`
	}
	if err := json.Unmarshal([]byte(res.body), &got); res.status != http.StatusOK || err != nil {
		t.Fatalf("GET /admin/api/reports = %d %s (%v)", res.status, res.body, err)
	}
	r := got.Report
	if r.Total.Funnel != want.funnel {
		t.Errorf("funnel\n got %+v\nwant %+v", r.Total.Funnel, want.funnel)
	}
	operators := map[string]int{}
	for _, o := range r.Operators {
		operators[o.Operator] = o.Conversations
	}
	if fmt.Sprint(operators) != fmt.Sprint(want.operators) {
		t.Errorf("conversations per operator = %v, want %v", operators, want.operators)
	}
	demands := 0
	for _, d := range r.Demands {
		demands += d.Count
	}
	if demands != want.demands {
		t.Errorf("out-of-catalogue demands = %d (%+v), want %d", demands, r.Demands, want.demands)
	}
	if r.Total.HandoffWait.Count == 0 || r.Total.Usage.Calls == 0 {
		t.Errorf("handoff wait %+v, usage %+v: the operators answered and the model was called", r.Total.HandoffWait, r.Total.Usage)
	}

	csvRes := do(t, app, "GET", "/admin/reports/periods.csv?"+period, nil, nil)
	if sums := columnSums(t, csvRes.body); sums[0] != want.funnel.Conversations {
		t.Errorf("periods.csv conversations add up to %d, want %d (columns %v)", sums[0], want.funnel.Conversations, sums)
	}
}

// reportScripts are the conversations the acceptance replays: the library
// as recorded, then each recording cut after each of its turns on a new
// phone, in turn, until there are reportedConversations.
func reportScripts(t *testing.T) []fixtures.Fixture {
	t.Helper()
	library, err := fixtures.Library()
	if err != nil {
		t.Fatal(err)
	}
	scripts, count := append([]fixtures.Fixture{}, library...), 0
	for _, f := range library {
		count += conversationsOf(f)
	}
	for i := 0; count < reportedConversations; i++ {
		f := library[i%len(library)]
		cut := 1 + (i/len(library))%len(f.Turns)
		variant := onPhone(t, f, fmt.Sprintf("+55119%08d", 1000+i))
		variant.Turns = variant.Turns[:cut]
		if count+conversationsOf(variant) > reportedConversations {
			continue
		}
		variant.Name = fmt.Sprintf("%s-%d-cut-%d", f.Name, i, cut)
		scripts = append(scripts, variant)
		count += conversationsOf(variant)
	}
	return scripts
}

// onPhone is f written by another customer: every mention of its phone,
// in the expectations too, becomes phone.
func onPhone(t *testing.T, f fixtures.Fixture, phone string) fixtures.Fixture {
	t.Helper()
	raw, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	var out fixtures.Fixture
	if err := json.Unmarshal([]byte(strings.ReplaceAll(string(raw), f.Phone, phone)), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// conversationsOf counts the sessions a recording makes.
func conversationsOf(f fixtures.Fixture) int {
	n := 1
	for _, turn := range f.Turns {
		if turn.Expect.NewSession {
			n++
		}
	}
	return n
}

// expectedFigures is what the test counts from the recordings.
type expectedFigures struct {
	funnel    reports.Funnel
	operators map[string]int
	demands   int
}

// add counts one recording's conversations by the states its turns expect:
// a conversation is qualified once it collects data, complete once
// COMPLETED (or handed over for it), handed off once in a person's queue or
// hands (a complete registration always goes to the queue), closed once CLOSED, and abandoned (a day later) when it reached
// none of those. A lead the sync job sent is registered: the CRM fake takes
// every one. The operator is who claimed it last and did not release it.
func (e *expectedFigures) add(f fixtures.Fixture) {
	type conversation struct {
		qualified, complete, handedOff, closed bool
		operator                               string
	}
	var all []*conversation
	c := &conversation{}
	all = append(all, c)
	for _, turn := range f.Turns {
		x := turn.Expect
		if x.NewSession {
			c = &conversation{}
			all = append(all, c)
		}
		if op := turn.Operator; op != nil && x.Refused == "" {
			switch op.Action {
			case "claim":
				c.operator = op.Phone
			case "release":
				c.operator = ""
			}
		}
		if x.Demand != nil && x.Demand.Recorded {
			e.demands++
		}
		reason, _ := x.Session["handoff_reason"].(string)
		switch {
		case x.State == "COMPLETED" || reason == "DATA_COMPLETE":
			c.complete, c.qualified = true, true
		case x.State == "DATA_COLLECT":
			c.qualified = true
		}
		c.handedOff = c.handedOff || c.complete || x.State == "HANDOFF" || x.State == "HUMAN"
		c.closed = c.closed || x.State == "CLOSED"
	}
	for _, c := range all {
		e.funnel.Conversations++
		e.funnel.Qualified += b2i(c.qualified)
		e.funnel.DataComplete += b2i(c.complete)
		e.funnel.Registered += b2i(c.complete)
		e.funnel.HandedOff += b2i(c.handedOff)
		e.funnel.Closed += b2i(c.closed)
		e.funnel.Abandoned += b2i(!c.complete && !c.handedOff && !c.closed)
		if c.operator != "" {
			e.operators[c.operator]++
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// columnSums adds up each numeric column of a CSV export after its first
// (the period), skipping the header and the byte-order mark.
func columnSums(t *testing.T, body string) []int {
	t.Helper()
	r := csv.NewReader(strings.NewReader(strings.TrimPrefix(body, "\ufeff")))
	r.Comma = ';'
	rows, err := r.ReadAll()
	if err != nil || len(rows) < 2 {
		t.Fatalf("CSV %q: %v", body, err)
	}
	sums := make([]int, len(rows[0])-1)
	for _, row := range rows[1:] {
		for i, cell := range row[1:] {
			n, _ := strconv.Atoi(cell)
			sums[i] += n
		}
	}
	return sums
}
