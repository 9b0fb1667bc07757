//go:build linux

package main_test

// An operator of the console across the members of a cluster run
// (cluster_test.go): logged in on one node, working on the others.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/atendimento"
)

// clusterOperator is the number in every member's OPERATOR_PHONES.
const clusterOperator = "5511988880000"

// loginCode finds the 6-digit code of a login message.
var loginCode = regexp.MustCompile(`\b\d{6}\b`)

// operatorAcrossNodes plays an operator who logs in on node 1 and claims
// conversation conv on node 2, replies on node 3 and closes on node 2. The
// login code comes through the messaging fake; the session lives in the
// table, so its cookie works on every node, and each command reaches the
// conversation wherever the cluster placed it. The reply must reach the
// customer through the fake, and the conversation end closed.
func (c *clusterRun) operatorAcrossNodes(t *testing.T, conv int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// No redirects followed: verify and find answer with one to read.
	client := &http.Client{Timeout: 10 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	defer client.CloseIdleConnections()
	node := func(i int) string { return fmt.Sprintf("http://127.0.0.1:%d%s", c.ports[i-1], atendimento.BasePath) }

	res := consoleForm(t, ctx, client, node(1)+"/login", url.Values{"phone": {clusterOperator}}, nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("POST /atendimento/login on node 1 answered %d", res.StatusCode)
	}
	code := c.waitLoginCode(t, ctx)
	res = consoleForm(t, ctx, client, node(1)+"/verify", url.Values{"phone": {clusterOperator}, "code": {code}}, nil)
	var cookie *http.Cookie
	for _, k := range res.Cookies() {
		if k.Name == atendimento.CookieName && k.Value != "" {
			cookie = k
		}
	}
	if res.StatusCode != http.StatusSeeOther || cookie == nil {
		t.Fatalf("POST /atendimento/verify on node 1 answered %d with cookies %v, want 303 and a session", res.StatusCode, res.Cookies())
	}

	customer := crashPhone(conv)
	res = consoleForm(t, ctx, client, node(2)+"/find?"+url.Values{"phone": {customer}}.Encode(), nil, cookie)
	page := res.Header.Get("Location")
	if res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(page, atendimento.BasePath+"/conversations/") {
		t.Fatalf("GET /atendimento/find on node 2 answered %d to %q, want 303 to the conversation", res.StatusCode, page)
	}
	api := strings.TrimPrefix(page, atendimento.BasePath)
	result := consoleAct(t, ctx, client, node(2)+"/api"+api+"/claim", `{"confirm":true}`, cookie)
	if strings.TrimPrefix(result.AssignedTo, "+") != clusterOperator {
		t.Errorf("claim on node 2: assigned to %q, want the operator", result.AssignedTo)
	}
	reply := fmt.Sprintf("Aqui é a operadora, cliente %03d: sigo com você.", conv)
	body, _ := json.Marshal(map[string]string{"text": reply})
	consoleAct(t, ctx, client, node(3)+"/api"+api+"/send", string(body), cookie)
	if !c.msgs.waitFor(ctx, customer, reply, 20*time.Second) {
		t.Errorf("the operator's reply sent on node 3 never reached %s", customer)
	}
	if result = consoleAct(t, ctx, client, node(2)+"/api"+api+"/close", "", cookie); result.State != string(domain.StateClosed) {
		t.Errorf("close on node 2: state %q, want %s", result.State, domain.StateClosed)
	}
	operated := 0.0
	for _, port := range c.ports {
		operated += scrape(t, port)[`intake_cluster_requests_total{outcome="ok",request="operate"}`]
	}
	if operated < 3 {
		t.Errorf("the nodes count %v operator commands through the cluster, want 3", operated)
	}
}

// waitLoginCode waits for the code sent to the operator.
func (c *clusterRun) waitLoginCode(t *testing.T, ctx context.Context) string {
	t.Helper()
	for {
		sends, _ := c.msgs.snapshot()
		for s := range sends {
			if strings.TrimPrefix(s.to, "+") == clusterOperator {
				if code := loginCode.FindString(s.body); code != "" {
					return code
				}
			}
		}
		select {
		case <-ctx.Done():
			t.Fatal("no login code reached the operator's phone")
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// consoleForm posts form to the console (a GET without one), with the
// session cookie when there is one, and returns the answer, its body read.
func consoleForm(t *testing.T, ctx context.Context, client *http.Client, target string, form url.Values, cookie *http.Cookie) *http.Response {
	t.Helper()
	method, body := http.MethodGet, io.Reader(nil)
	if form != nil {
		method, body = http.MethodPost, strings.NewReader(form.Encode())
	}
	req, err := http.NewRequestWithContext(ctx, method, target, body)
	if err != nil {
		t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if cookie != nil {
		req.AddCookie(&http.Cookie{Name: cookie.Name, Value: cookie.Value})
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if _, err := io.Copy(io.Discard, res.Body); err != nil {
		t.Fatal(err)
	}
	return res
}

// consoleResult is the answer of an accepted console command.
type consoleResult struct {
	OK         bool   `json:"ok"`
	State      string `json:"state"`
	AssignedTo string `json:"assigned_to"`
}

// consoleAct posts one command to the console's JSON API and fails the test
// unless it is accepted.
func consoleAct(t *testing.T, ctx context.Context, client *http.Client, target, body string, cookie *http.Cookie) consoleResult {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.AddCookie(&http.Cookie{Name: cookie.Name, Value: cookie.Value})
	res, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	var answer struct {
		Result consoleResult `json:"result"`
	}
	if res.StatusCode != http.StatusOK || json.Unmarshal(data, &answer) != nil || !answer.Result.OK {
		t.Fatalf("POST %s answered %d: %s", target, res.StatusCode, data)
	}
	return answer.Result
}
