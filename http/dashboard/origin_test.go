package dashboard_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// A page of another site cannot post dashboard actions; the dashboard's own
// page and clients without Origin can.
func TestPostsFromOtherSitesAreRefused(t *testing.T) {
	e := newEnv(t)
	post := func(path, origin string) response {
		req := httptest.NewRequest(http.MethodPost, "http://localhost:8080"+path, strings.NewReader(url.Values{"phone": {phone}, "phone-input": {phone}, "media-type": {"image"}, "content": {"# x"}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Accept", "application/json")
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		return e.do(t, req)
	}
	for _, path := range []string{"/dashboard/clear-chat", "/dashboard/knowledge/empresa", "/dashboard/logs/clear", "/dashboard/run-all-smokes", "/dashboard/run-all-fixtures", "/media"} {
		r := post(path, "https://evil.example")
		if r.status != http.StatusForbidden || r.errorCode(t) != "cross_origin" {
			t.Errorf("%s from another site: %d %s, want 403 cross_origin", path, r.status, r.body)
		}
		for _, origin := range []string{"http://localhost:8080", ""} {
			if r := post(path, origin); r.status != http.StatusOK {
				t.Errorf("%s with Origin %q: %d %s", path, origin, r.status, r.body)
			}
		}
	}
	if r := e.get(t, "/dashboard/logs"); r.status != http.StatusOK {
		t.Errorf("GET is checked too: %d", r.status)
	}
}
