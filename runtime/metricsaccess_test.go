package runtime_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/runtime"
)

const testMetricsToken = "metrics-token-for-tests"

// metricsAuth is the header a scraper with METRICS_TOKEN sends.
var metricsAuth = map[string]string{"Authorization": "Bearer " + testMetricsToken}

// TestMetricsNeedTheToken: with METRICS_TOKEN, /metrics answers only the
// bearer of it (and passes the development gate); without a token or
// METRICS_ADDR it is a development surface, as the gate test shows.
func TestMetricsNeedTheToken(t *testing.T) {
	app := newApp(t, map[string]string{"METRICS_TOKEN": testMetricsToken, "DEV_UI_ENABLED": "false"}, nil)
	for name, header := range map[string]map[string]string{
		"none":         nil,
		"wrong token":  {"Authorization": "Bearer nope"},
		"basic":        {"Authorization": "Basic " + testMetricsToken},
		"token alone":  {"Authorization": testMetricsToken},
		"admin header": {"X-Admin-Key": testMetricsToken},
	} {
		if res := do(t, app, "GET", "/metrics", nil, header); res.status != http.StatusUnauthorized || errorCode(res.body) != "unauthorized" {
			t.Errorf("%s: /metrics = %d %.80s, want 401", name, res.status, res.body)
		}
	}
	if res := do(t, app, "GET", "/metrics", nil, metricsAuth); res.status != http.StatusOK || !strings.Contains(res.body, "intake_session_actors") {
		t.Errorf("with the token: /metrics = %d %.80s", res.status, res.body)
	}
}

// TestMetricsOnTheirOwnListener: with METRICS_ADDR, the public port has no
// /metrics and the metrics listener serves it.
func TestMetricsOnTheirOwnListener(t *testing.T) {
	leaktest.Check(t)
	metricsLn := listen(t)
	addr := metricsLn.Addr().String()
	metricsLn.Close() // the application opens it itself
	cfg := load(t, map[string]string{
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false",
		"DEV_UI_ENABLED": "true", "METRICS_ADDR": addr,
	})
	app, ln := newListening(t, cfg, runtime.Options{})
	stop := running(t, app, ln)
	client := &http.Client{Timeout: 5 * time.Second}
	get := func(url string) (int, string) {
		for range 100 {
			res, err := client.Get(url)
			if err != nil {
				time.Sleep(20 * time.Millisecond) // the listener may not serve yet
				continue
			}
			body, _ := io.ReadAll(res.Body)
			res.Body.Close()
			return res.StatusCode, string(body)
		}
		t.Fatalf("%s never answered", url)
		return 0, ""
	}
	if status, _ := get("http://" + ln.Addr().String() + "/metrics"); status != http.StatusNotFound {
		t.Errorf("public /metrics with METRICS_ADDR = %d, want 404", status)
	}
	if status, body := get("http://" + addr + "/metrics"); status != http.StatusOK || !strings.Contains(body, "intake_session_actors") {
		t.Errorf("METRICS_ADDR /metrics = %d %.80s", status, body)
	}
	client.CloseIdleConnections()
	stop()
}
