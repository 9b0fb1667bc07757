package dashboard_test

import (
	"net/http"
	"reflect"
	"testing"

	"github.com/intake-runtime/intake/http/dashboard"
)

func scriptFixtures(e *env) {
	e.fixtures.list = []dashboard.FixtureSummary{
		{Name: "registers-new-customer", Description: "cadastro completo", Turns: 4},
		{Name: "asks-for-a-person", Turns: 2},
	}
	e.fixtures.results = map[string]dashboard.FixtureResult{
		"registers-new-customer": {Name: "registers-new-customer", Passed: true, Diffs: []string{}, DurationMS: 40},
		"asks-for-a-person": {Name: "asks-for-a-person", Diffs: []string{"turn 2: state: want HANDOFF, got QUALIFYING"},
			Report: map[string]any{"name": "asks-for-a-person"}},
	}
}

func TestFixtureRoutes(t *testing.T) {
	e := newEnv(t)
	scriptFixtures(e)

	var list struct{ Fixtures []dashboard.FixtureSummary }
	e.get(t, "/dashboard/fixtures").json(t, &list)
	if !reflect.DeepEqual(list.Fixtures, e.fixtures.list) {
		t.Errorf("list = %+v", list.Fixtures)
	}

	var one dashboard.FixtureRun
	r := e.postForm(t, "/dashboard/run-fixture/asks-for-a-person", nil)
	wantStatus(t, r, http.StatusOK)
	r.json(t, &one)
	if one.Passed != 0 || one.Failed != 1 || len(one.Results) != 1 || one.Results[0].Diffs[0] != "turn 2: state: want HANDOFF, got QUALIFYING" {
		t.Errorf("run one = %+v", one)
	}

	var all dashboard.FixtureRun
	r = e.postForm(t, "/dashboard/run-all-fixtures", nil)
	wantStatus(t, r, http.StatusOK)
	r.json(t, &all)
	if all.Passed != 1 || all.Failed != 1 || len(all.Results) != 2 || all.Results[0].Name != "registers-new-customer" {
		t.Errorf("run all = %+v", all)
	}

	r = e.postForm(t, "/dashboard/run-fixture/nope", nil)
	if r.status != http.StatusNotFound || r.errorCode(t) != "unknown_fixture" {
		t.Errorf("unknown fixture: %d %s", r.status, r.body)
	}
}

func TestFixturesUnavailable(t *testing.T) {
	e := newEnv(t, func(_ *dashboard.Config, d *dashboard.Deps) { d.Fixtures = nil })
	for _, r := range []response{
		e.get(t, "/dashboard/fixtures"),
		e.postForm(t, "/dashboard/run-fixture/x", nil),
		e.postForm(t, "/dashboard/run-all-fixtures", nil),
	} {
		if r.status != http.StatusServiceUnavailable || r.errorCode(t) != "fixtures_unavailable" {
			t.Errorf("%d %s, want 503 fixtures_unavailable", r.status, r.body)
		}
	}
}
