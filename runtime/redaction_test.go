package runtime_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime"
)

// Secrets the providers echo in their errors. None is shaped like a known
// key, so only the configured-secret rule can remove them.
const (
	plantedLLMKey   = "llmkey-Zx81Qp77Wv"
	plantedMsgToken = "msgtoken-Kq02Lm55Rt"
	plantedCRMToken = "crmtoken-Hh41Jd09Xa"
	plantedERPToken = "erptoken-Pp73Wq21Lm"
	plantedAdminKey = "admin-key-for-the-probe"
)

// TestProviderErrorsNeverCarryTheSecrets makes the model and the messaging
// platform answer errors that echo the configured key and token (as OpenAI's
// "Incorrect API key provided: ..." does) and searches every log line, every
// table item and every admin API answer for them.
func TestProviderErrorsNeverCarryTheSecrets(t *testing.T) {
	leaktest.Check(t)
	model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprintf(w, `{"error":{"message":"Incorrect API key provided: %s. You can find your API key at https://platform.example/account/api-keys.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`, plantedLLMKey)
	}))
	defer model.Close()
	var sends atomic.Int64
	platform := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		sends.Add(1)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, `{"error":{"message":"Invalid parameter: token %s is not valid for this number","type":"OAuthException","code":100,"fbtrace_id":"A1"}}`, plantedMsgToken)
	}))
	defer platform.Close()
	// The CRM and the ERP echo the whole Authorization header they got.
	echo := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprintf(w, `{"message":"Authentication failed for %s","error":{"message":"bad credentials %s"}}`,
			r.Header.Get("Authorization"), strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "))
	}))
	defer echo.Close()

	core, logs := observer.New(zap.DebugLevel)
	table := memory.New()
	cfg := load(t, map[string]string{
		"LLM_API_KEY": plantedLLMKey, "LLM_BASE_URL": model.URL + "/v1", "LLM_MODEL": "test-model",
		"MESSAGING_API_BASE_URL": platform.URL, "MESSAGING_ACCESS_TOKEN": plantedMsgToken, "MESSAGING_PHONE_NUMBER_ID": "PNID",
		"CRM_BASE_URL": echo.URL, "CRM_ACCESS_TOKEN": plantedCRMToken, "ERP_BASE_URL": echo.URL, "ERP_ACCESS_TOKEN": plantedERPToken,
		"HANDOFF_NOTIFIER_ENABLED": "false",
		"DEV_UI_ENABLED":           "true", "ADMIN_API_KEY": plantedAdminKey,
	})
	app, err := runtime.New(context.Background(), cfg, zap.New(core), runtime.Options{Table: table})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := app.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	}()

	phone := "+5511966665555"
	form := url.Values{"phone-input": {phone}, "content": {"Oi"}}
	res := do(t, app, "POST", "/chat", strings.NewReader(form.Encode()), map[string]string{
		"Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json",
	})
	if res.status != 200 {
		t.Fatalf("/chat answered %d: %s", res.status, res.body)
	}
	waitFor(t, "the fallback's send to fail", func() bool { return sends.Load() > 0 && failedSendLogged(logs) })

	var seen []string
	// The smokes of every adapter, for real: their answers carry each
	// provider's error detail.
	for _, target := range []string{"llm", "messaging", "crm", "erp"} {
		res := do(t, app, "POST", "/dashboard/run-smoke/"+target, strings.NewReader("mode=real"),
			map[string]string{"Content-Type": "application/x-www-form-urlencoded"})
		seen = append(seen, "smoke "+target+": "+res.body)
	}
	for _, e := range logs.All() {
		seen = append(seen, fmt.Sprint(e.Message, e.ContextMap()))
	}
	if len(seen) == 0 {
		t.Fatal("nothing logged: the search below would prove nothing")
	}
	seen = append(seen, tableText(t, table)...)
	admin := map[string]string{"X-Admin-Key": plantedAdminKey}
	for _, path := range []string{
		"/admin/api/sessions/" + url.PathEscape(phone),
		"/admin/api/sessions/" + url.PathEscape(phone) + "/messages",
		"/admin/api/alerts", "/admin/api/demands", "/admin/api/llm-costs",
		"/admin/alerts", "/admin", "/dashboard/session?phone=" + url.QueryEscape(phone),
	} {
		res := do(t, app, "GET", path, nil, admin)
		seen = append(seen, path+": "+res.body)
	}
	errorsSeen := map[string]bool{}
	for _, s := range seen {
		for _, secret := range []string{plantedLLMKey, plantedMsgToken, plantedCRMToken, plantedERPToken} {
			if strings.Contains(s, secret) {
				t.Errorf("secret %q leaked in: %.400s", secret, s)
			}
		}
		for _, echoed := range []string{"Incorrect API key provided", "Authentication failed for"} {
			if strings.Contains(s, echoed) {
				errorsSeen[echoed] = true
			}
		}
	}
	if len(errorsSeen) != 2 {
		t.Errorf("provider error texts seen: %v; the probe did not reach every error path", errorsSeen)
	}
}

// failedSendLogged reports whether the messaging client logged a failed call.
func failedSendLogged(logs *observer.ObservedLogs) bool {
	return logs.FilterMessage("messaging call failed").Len() > 0
}

// tableText renders every item of table, one string each.
func tableText(t *testing.T, table persistence.Table) []string {
	t.Helper()
	var out []string
	var cursor string
	for {
		page, err := table.Scan(context.Background(), persistence.Scan{Cursor: cursor})
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range page.Items {
			out = append(out, fmt.Sprint(it))
		}
		if cursor = page.Next; cursor == "" {
			return out
		}
	}
}

// waitFor polls cond for up to 10 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
