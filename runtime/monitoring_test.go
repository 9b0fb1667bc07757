package runtime_test

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"gopkg.in/yaml.v3"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/internal/llmtest"
	"github.com/intake-runtime/intake/runtime"
)

// The shipped monitoring files, from this package's directory.
const (
	dashboardFile = "../deploy/grafana/intake.json"
	alertsFile    = "../deploy/prometheus/alerts.yml"
)

// TestShippedMonitoringUsesOnlyExportedMetrics runs one conversation through
// a clustered node (a cluster of one, so the cluster's families exist too)
// and scrapes /metrics: every series the dashboard's queries and the alert
// rules select must be there, or a panel stays empty and an alert can never
// fire. The failure names each missing series and where it is used.
func TestShippedMonitoringUsesOnlyExportedMetrics(t *testing.T) {
	used := map[string][]string{} // series name → where it is used
	for where, expr := range shippedQueries(t) {
		for _, name := range promqlMetricNames(expr) {
			used[name] = append(used[name], where)
		}
	}
	exported := exportedSeries(scrapeAfterAConversation(t))
	var missing []string
	for name, where := range used {
		if !exported[name] {
			sort.Strings(where)
			missing = append(missing, name+" (used by "+strings.Join(where, "; ")+")")
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("%d of the %d series the shipped dashboard and alerts use are not in /metrics after a conversation:\n  %s",
			len(missing), len(used), strings.Join(missing, "\n  "))
	}
}

// shippedQueries are the PromQL expressions of the dashboard's panels and of
// the alert rules, by where they are used ("dashboard: <panel>", "alert:
// <name>").
func shippedQueries(t *testing.T) map[string]string {
	t.Helper()
	queries := map[string]string{}
	raw, err := os.ReadFile(dashboardFile)
	if err != nil {
		t.Fatal(err)
	}
	type panel struct {
		Title   string                  `json:"title"`
		Targets []struct{ Expr string } `json:"targets"`
		Panels  []json.RawMessage       `json:"panels"`
	}
	var dashboard struct {
		Panels []panel `json:"panels"`
	}
	if err := json.Unmarshal(raw, &dashboard); err != nil {
		t.Fatalf("%s: %v", dashboardFile, err)
	}
	for _, p := range dashboard.Panels {
		if len(p.Panels) > 0 {
			t.Fatalf("%s: row %q is collapsed; the test reads open rows only", dashboardFile, p.Title)
		}
		for i, target := range p.Targets {
			queries["dashboard: "+p.Title+" #"+strconv.Itoa(i+1)] = target.Expr
		}
	}
	raw, err = os.ReadFile(alertsFile)
	if err != nil {
		t.Fatal(err)
	}
	var rules struct {
		Groups []struct {
			Rules []struct{ Alert, Record, Expr string }
		}
	}
	if err := yaml.Unmarshal(raw, &rules); err != nil {
		t.Fatalf("%s: %v", alertsFile, err)
	}
	for _, g := range rules.Groups {
		for _, r := range g.Rules {
			queries["alert: "+r.Alert+r.Record] = r.Expr
		}
	}
	if len(queries) < 20 {
		t.Fatalf("read %d queries from the monitoring files, expected the dashboard's and the rules'", len(queries))
	}
	return queries
}

// scrapeAfterAConversation starts a node in a cluster of one, delivers one
// customer message through the webhook, waits for the reply, and returns
// the node's /metrics.
func scrapeAfterAConversation(t *testing.T) string {
	t.Helper()
	model := llmtest.NewServer(t, llmtest.AnswerWith("Olá! Recebi sua mensagem."))
	ports := freePorts(t, 2)
	cfg := load(t, map[string]string{
		"LLM_API_KEY": "test-key", "LLM_BASE_URL": model.URL + "/v1", "LLM_MODEL": "test-model",
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false",
		"DEBOUNCE_WINDOW": "20ms", "DEBOUNCE_MAX_WAIT": "1s",
		"METRICS_TOKEN":   testMetricsToken,
		"CLUSTER_ENABLED": "true", "CLUSTER_NAME": "monitoring-" + strconv.Itoa(ports[0]),
		"CLUSTER_HOST": "127.0.0.1", "CLUSTER_PORT": strconv.Itoa(ports[0]),
		"CLUSTER_AUTOMANAGED_PORT": strconv.Itoa(ports[1]), "CLUSTER_PEERS": "127.0.0.1:" + strconv.Itoa(ports[1]),
	})
	sender := messaging.NewStub(zap.NewNop())
	app, ln := newListening(t, cfg, runtime.Options{Sender: sender})
	t.Cleanup(running(t, app, ln))
	base := "http://" + ln.Addr().String()
	client := &http.Client{Timeout: 10 * time.Second}
	t.Cleanup(client.CloseIdleConnections)

	waitFor(t, "the node to join its cluster (/readyz 200)", func() bool {
		res, err := client.Get(base + "/readyz")
		if err != nil {
			return false
		}
		res.Body.Close()
		return res.StatusCode == http.StatusOK
	})
	envelope := `{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[{"field":"messages","value":{` +
		`"messaging_product":"whatsapp","metadata":{"phone_number_id":"PNID"},` +
		`"messages":[{"from":"5511977775555","id":"wamid.MON1","timestamp":"` + strconv.FormatInt(time.Now().Unix(), 10) + `","type":"text","text":{"body":"Oi"}}]}}]}]}`
	res, err := client.Post(base+"/webhook", "application/json", strings.NewReader(envelope))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("webhook answered %d", res.StatusCode)
	}
	waitFor(t, "the reply", func() bool { return len(sender.Sends()) > 0 })

	req, _ := http.NewRequest("GET", base+"/metrics", nil)
	req.Header.Set("Authorization", metricsAuth["Authorization"])
	res, err = client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("/metrics = %d (%v)", res.StatusCode, err)
	}
	return string(body)
}

// exportedSeries are the series names of a Prometheus text page: a
// histogram's _bucket, _sum and _count, a counter's _total, a gauge's name,
// exactly as a query selects them.
func exportedSeries(page string) map[string]bool {
	names := map[string]bool{}
	for line := range strings.Lines(page) {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if end := strings.IndexAny(line, "{ "); end > 0 {
			names[line[:end]] = true
		}
	}
	return names
}

// freePorts returns n distinct free local ports.
func freePorts(t *testing.T, n int) []int {
	t.Helper()
	var ports []int
	for len(ports) < n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer ln.Close()
		if port := ln.Addr().(*net.TCPAddr).Port; !slices.Contains(ports, port) {
			ports = append(ports, port)
		}
	}
	return ports
}
