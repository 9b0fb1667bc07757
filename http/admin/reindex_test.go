package admin_test

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/persistence"
)

// A closed session an older release stored has no index keys; the reindex
// saves it again, after which the list and the search find it.
func TestReindexIndexesSessionsOfOlderReleases(t *testing.T) {
	f := newFixture(t, admin.Config{})
	f.seed().session("+5511966660001", "indexed", domain.StateClosed, now.Add(-time.Hour), nil)
	legacy := domain.NewSession("legacy", "+5511966660002", "instance_a", now.Add(-48*time.Hour))
	legacy.State, legacy.Version = domain.StateClosed, 3
	legacy.CadastralData = map[string]any{"cpf_cnpj": "52998224725"}
	item, err := persistence.EncodeSession(legacy)
	if err != nil {
		t.Fatal(err)
	}
	delete(item, persistence.AttrGSI1PK)
	delete(item, persistence.AttrGSI1SK)
	if err := f.table.Put(t.Context(), item, nil); err != nil {
		t.Fatal(err)
	}

	for i, want := range []int{1, 0} { // the second run finds nothing left
		status, body := f.do("POST", "/admin/api/sessions/reindex", "", nil)
		var got admin.Reindexed
		if status != 200 || json.Unmarshal([]byte(body), &got) != nil || got.Sessions != want {
			t.Fatalf("reindex run %d = %d %s, want %d sessions", i+1, status, body, want)
		}
	}
	var list admin.SessionList
	f.getJSON("/admin/api/sessions?state=CLOSED", &list)
	var ids []string
	for _, s := range list.Sessions {
		ids = append(ids, s.SessionID)
	}
	if !slices.Equal(ids, []string{"indexed", "legacy"}) {
		t.Errorf("closed sessions after the reindex = %v, want [indexed legacy]", ids)
	}
	found, err := persistence.NewSessions(f.table).FindByDocument(t.Context(), "52998224725", 10)
	if err != nil || len(found) != 1 || found[0].SessionID != "legacy" {
		t.Errorf("FindByDocument after the reindex = %v, %v; want the legacy session", found, err)
	}
}
