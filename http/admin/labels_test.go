package admin_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/admin"
)

// The conversations list filters by the operators' labels (?label=, in any
// case and spacing), in the API and on the page; every session of the API
// carries its labels as a list, empty rather than null.
func TestSessionListFiltersByLabel(t *testing.T) {
	f := newFixture(t, admin.Config{})
	s := f.seed()
	label := func(labels ...string) func(*domain.Session) {
		return func(s *domain.Session) { s.Labels = labels }
	}
	s.session("+5511933330001", "urgent-closed", domain.StateClosed, now.Add(-3*time.Hour), label("Urgente", "boleto"))
	s.session("+5511933330002", "plain", domain.StateClosed, now.Add(-2*time.Hour), nil)
	s.session("+5511933330003", "urgent-open", domain.StateQualifying, now.Add(-time.Hour), label("urgente"))

	for _, tt := range []struct {
		query string
		want  []string
	}{
		{"label=urgente", []string{"urgent-open", "urgent-closed"}},
		{"label=%20URGENTE%20", []string{"urgent-open", "urgent-closed"}},
		{"label=urgente&state=CLOSED", []string{"urgent-closed"}},
		{"label=vip", nil},
		{"", []string{"urgent-open", "plain", "urgent-closed"}},
	} {
		var got admin.SessionList
		f.getJSON("/admin/api/sessions?"+tt.query, &got)
		var ids []string
		for _, s := range got.Sessions {
			ids = append(ids, s.SessionID)
		}
		if !slices.Equal(ids, tt.want) {
			t.Errorf("?%s = %v, want %v", tt.query, ids, tt.want)
		}
	}

	var raw struct {
		Sessions []map[string]any `json:"sessions"`
	}
	f.getJSON("/admin/api/sessions?state=CLOSED", &raw)
	for _, s := range raw.Sessions {
		labels, ok := s["labels"].([]any)
		if !ok || (s["session_id"] == "plain") != (len(labels) == 0) {
			t.Errorf("session %v: labels %#v, want a list, empty only for the unlabelled", s["session_id"], s["labels"])
		}
	}
	var one struct {
		Session map[string]any `json:"session"`
	}
	f.getJSON("/admin/api/sessions/+5511933330002", &one)
	if labels, ok := one.Session["labels"].([]any); !ok || len(labels) != 0 {
		t.Errorf("GET one session: labels %#v, want []", one.Session["labels"])
	}

	status, body := f.do("GET", "/admin/sessions?label=urgente&limit=1", "", nil)
	if status != 200 {
		t.Fatalf("page = %d %s", status, body)
	}
	for _, want := range []string{`<span class="badge">urgente</span>`, `name="label" value="urgente"`, `label=urgente&amp;limit=1" rel="next"`} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if strings.Contains(body, "5511933330002") {
		t.Error("the page filtered by label lists an unlabelled conversation")
	}
}
