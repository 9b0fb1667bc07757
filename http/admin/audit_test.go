package admin_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/persistence"
)

// auditSeed records entries an hour apart before now, oldest first.
func (f *fixture) auditSeed(entries ...persistence.AuditEntry) {
	f.t.Helper()
	audits := persistence.NewAudits(f.table)
	for i, e := range entries {
		e.ID, e.At = string(rune('a'+i)), now.Add(-time.Duration(len(entries)-i)*time.Hour)
		if err := audits.Record(context.Background(), e); err != nil {
			f.t.Fatal(err)
		}
	}
}

// GET /admin/api/audit lists the last seven days newest first, filtered by
// who and by action, with UTC dates; a date it cannot read is a 400.
func TestAuditAPI(t *testing.T) {
	f := newFixture(t, admin.Config{})
	op := "+5511988887777"
	f.auditSeed(
		persistence.AuditEntry{Who: op, Action: persistence.AuditLogin, Source: "203.0.113.7"},
		persistence.AuditEntry{Who: op, Action: persistence.AuditClaim, Phone: "+5511977776666", SessionID: "s1"},
		persistence.AuditEntry{Who: persistence.AuditAPI, Action: persistence.AuditSettings, Target: "business v2"},
	)
	for _, tc := range []struct {
		query string
		want  string
	}{
		{"", "cba"},
		{"?who=" + url.QueryEscape(op), "ba"},
		{"?who=api", "c"},
		{"?action=claim", "b"},
		{"?from=2025-03-11", ""},
		{"?from=2025-03-01&to=2025-03-10", "cba"},
	} {
		var got admin.AuditList
		f.getJSON("/admin/api/audit"+tc.query, &got)
		var ids strings.Builder
		for _, e := range got.Entries {
			ids.WriteString(e.ID)
		}
		if ids.String() != tc.want || got.More {
			t.Errorf("%q: entries %q (more %v), want %q", tc.query, ids.String(), got.More, tc.want)
		}
	}
	if status, body := f.do("GET", "/admin/api/audit?from=yesterday", "", nil); status != 400 || errorOf(t, body).Code != "invalid_date" {
		t.Errorf("a bad date = %d %s, want 400 invalid_date", status, body)
	}
	if status, _ := f.do("GET", "/admin/api/audit", "", map[string]string{admin.KeyHeader: "wrong"}); status != 401 {
		t.Errorf("without the key = %d, want 401", status)
	}
}
