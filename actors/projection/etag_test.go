package projection_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// The projection keeps the deal's version tag from the CRM's answers and
// sends it as the precondition of the next update: a deal a person edited in
// the CRM meanwhile is not overwritten, the projection blocks for review.
func TestSyncKeepsTheDealETagAndUsesItAsPrecondition(t *testing.T) {
	e := newEnv(t)
	s := completedSession("s1", "maria@exemplo.com")
	e.put(t, s)
	e.run(t)
	created := e.get(t, "s1")
	if created.ETag != e.crm.Deals()[0].ETag() {
		t.Fatalf("etag after the create = %q, want the CRM's %q", created.ETag, e.crm.Deals()[0].ETag())
	}

	s.State = domain.StateHandoff
	e.put(t, s)
	e.run(t)
	update := e.crm.Requests()[len(e.crm.Requests())-1]
	updated := e.get(t, "s1")
	if update.Method != http.MethodPatch || update.IfMatch != created.ETag || updated.ETag != e.crm.Deals()[0].ETag() || updated.ETag == created.ETag {
		t.Fatalf("update If-Match %q, etag after %q; want If-Match %q and the CRM's new tag %q",
			update.IfMatch, updated.ETag, created.ETag, e.crm.Deals()[0].ETag())
	}

	e.crm.Edit(updated.DealID, map[string]any{"amount": "5000"}) // a person edits the deal in the CRM
	s.State = domain.StateClosed
	e.put(t, s)
	e.run(t)
	blocked := e.get(t, "s1")
	if blocked.Status != persistence.ProjectionBlocked || !strings.Contains(blocked.LastError, "412") {
		t.Errorf("after a concurrent edit in the CRM: %s, %q; want BLOCKED with the 412", blocked.Status, blocked.LastError)
	}
	if e.crm.Deals()[0].Properties["amount"] != "5000" {
		t.Error("the person's edit was overwritten")
	}
}
