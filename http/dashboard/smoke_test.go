package dashboard_test

import (
	"net/http"
	"net/url"
	"slices"
	"testing"

	"github.com/intake-runtime/intake/http/dashboard"
)

func TestRunSmoke(t *testing.T) {
	e := newEnv(t)
	e.smokes.fail = map[string]bool{"crm": true}
	for _, tc := range []struct {
		target string
		form   url.Values
		want   dashboard.SmokeResult
	}{
		{"llm", nil, dashboard.SmokeResult{Target: "llm", Mode: "preflight", OK: true, Detail: "checked llm"}},
		{"LLM", url.Values{"mode": {"real"}}, dashboard.SmokeResult{Target: "llm", Mode: "real", OK: true, Detail: "checked llm"}},
		{"crm", url.Values{"mode": {"preflight"}}, dashboard.SmokeResult{Target: "crm", Mode: "preflight", Detail: "checked crm"}},
	} {
		r := e.postForm(t, "/dashboard/run-smoke/"+tc.target, tc.form)
		wantStatus(t, r, http.StatusOK)
		var got dashboard.SmokeResult
		r.json(t, &got)
		if got != tc.want {
			t.Errorf("%s %v: %+v, want %+v", tc.target, tc.form, got, tc.want)
		}
	}
	var raw map[string]any
	e.postForm(t, "/dashboard/run-smoke/llm", nil).json(t, &raw)
	for _, key := range []string{"target", "mode", "ok", "detail"} {
		if _, ok := raw[key]; !ok || len(raw) != 4 {
			t.Errorf("answer %v, want exactly target, mode, ok, detail", raw)
		}
	}

	r := e.postForm(t, "/dashboard/run-smoke/fax", nil)
	if r.status != http.StatusNotFound || r.errorCode(t) != "unknown_target" {
		t.Errorf("unknown target: %d %s", r.status, r.body)
	}
	r = e.postForm(t, "/dashboard/run-smoke/llm", url.Values{"mode": {"loud"}})
	if r.status != http.StatusBadRequest || r.errorCode(t) != "invalid_mode" {
		t.Errorf("bad mode: %d %s", r.status, r.body)
	}
}

func TestRunAllSmokes(t *testing.T) {
	e := newEnv(t)
	e.smokes.fail = map[string]bool{"erp": true}
	r := e.postForm(t, "/dashboard/run-all-smokes", url.Values{"mode": {"real"}})
	wantStatus(t, r, http.StatusOK)
	var got []dashboard.SmokeResult
	r.json(t, &got)
	var targets []string
	for _, res := range got {
		targets = append(targets, res.Target)
		if res.Mode != "real" || res.OK == (res.Target == "erp") {
			t.Errorf("result %+v", res)
		}
	}
	if !slices.Equal(targets, e.smokes.Targets()) {
		t.Errorf("targets %v, want %v in order", targets, e.smokes.Targets())
	}

	var list struct{ Targets, Modes []string }
	e.get(t, "/dashboard/smokes").json(t, &list)
	if len(list.Targets) != 6 || !slices.Equal(list.Modes, []string{"preflight", "real"}) {
		t.Errorf("smokes = %+v", list)
	}
}

func TestSmokesUnavailable(t *testing.T) {
	e := newEnv(t, func(_ *dashboard.Config, d *dashboard.Deps) { d.Smokes = nil })
	r := e.postForm(t, "/dashboard/run-all-smokes", nil)
	if r.status != http.StatusServiceUnavailable || r.errorCode(t) != "smokes_unavailable" {
		t.Errorf("%d %s", r.status, r.body)
	}
}
