package runtime_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/http/chat"
	"github.com/intake-runtime/intake/internal/clocktest"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/internal/llmtest"
	"github.com/intake-runtime/intake/runtime"
)

// The owner edits the hours on the page of a running node: the next
// handoff after hours tells the customer the new message, and the holiday
// added on the page closes the Wednesday it falls on. The application's
// clock is virtual: Tuesday 2026-11-24, 23:00 in São Paulo.
func TestAnHoursEditOnThePageChangesTheNextAfterHoursReply(t *testing.T) {
	leaktest.Check(t)
	zone, _ := time.LoadLocation("America/Sao_Paulo")
	clock := clocktest.New(time.Date(2026, 11, 24, 23, 0, 0, 0, zone))
	// Every answer of the model asks for a person.
	model := llmtest.NewServer(t, func(int) string { return `{"s":3,"qualification_data":{}} Vou chamar um atendente.` })
	app, ln := newListening(t, load(t, map[string]string{
		"LLM_API_KEY": "test-key", "LLM_BASE_URL": model.URL + "/v1", "LLM_MODEL": "test-model",
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false", "DEV_UI_ENABLED": "true",
		"BUSINESS_HOURS": "mon-fri 08:00-18:00", "UI_TIMEZONE": "America/Sao_Paulo",
	}), runtime.Options{Now: clock.Now})
	t.Cleanup(running(t, app, ln))
	base := "http://" + ln.Addr().String()
	client := &http.Client{Timeout: 30 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	t.Cleanup(client.CloseIdleConnections)
	post := func(path string, form url.Values, accept string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest("POST", base+path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", base)
		if accept != "" {
			req.Header.Set("Accept", accept)
		}
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(body)
	}
	handoff := func(phone string) string {
		t.Helper()
		status, body := post("/chat", url.Values{"phone-input": {phone}, "content": {"quero falar com uma pessoa"}}, "application/json")
		var reply chat.Reply
		if err := json.Unmarshal([]byte(body), &reply); err != nil || status != 200 {
			t.Fatalf("chat = %d %s", status, body)
		}
		return reply.Reply
	}

	if got := handoff("+55 11 98888-0001"); !strings.Contains(got, "Um atendente da nossa equipe vai responder amanhã às 08:00.") {
		t.Errorf("before the edit the handoff's reply is %q", got)
	}

	form := url.Values{"after_hours": {"Fechados agora! Voltamos {quando}."}, "new_date": {"2026-11-25"}, "new_label": {"Folga"}}
	for _, d := range []string{"1", "2", "3", "4", "5"} {
		form.Set("open_"+d, "on")
		form.Set("from_"+d+"_0", "08:00")
		form.Set("to_"+d+"_0", "18:00")
	}
	if status, body := post("/admin/settings/hours", form, ""); status != 303 {
		t.Fatalf("saving the hours on the page = %d %s", status, body)
	}

	if got := handoff("+55 11 98888-0002"); !strings.Contains(got, "Fechados agora! Voltamos quinta-feira às 08:00.") {
		t.Errorf("after the edit the handoff's reply is %q, want the new message and Thursday (Wednesday is a holiday)", got)
	}
}
