package crmtest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/domain"
)

// Run is the contract suite of projection.CRM, run in one line by every
// implementation's tests (the crm client against this package's fake CRM,
// and crm.Stub), so what the sync job relies on is stated once: every
// outcome is in the AdapterResult with the CRM's ID in MockID; the error is
// non-nil only when ctx ended; a contact synced again without its ID is
// found, not created twice (a retry after a lost answer may assume that); a
// deal once created is what FindDeal returns for its session; a deal
// changed since the version tag Intake holds is refused, permanently; and
// the CRM is safe for concurrent use.
func Run(t *testing.T, newCRM func(t *testing.T) projection.CRM) {
	t.Run("ContactIsFoundAgain", func(t *testing.T) { contactIsFoundAgain(t, newCRM(t)) })
	t.Run("DealLifecycle", func(t *testing.T) { dealLifecycle(t, newCRM(t)) })
	t.Run("StaleVersionIsRefused", func(t *testing.T) { staleVersionIsRefused(t, newCRM(t)) })
	t.Run("UnknownDealIsPermanent", func(t *testing.T) { unknownDealIsPermanent(t, newCRM(t)) })
	t.Run("ContextEnded", func(t *testing.T) { contextEnded(t, newCRM(t)) })
	t.Run("ConcurrentUse", func(t *testing.T) { concurrentUse(t, newCRM(t)) })
}

// Payloads in the shapes projection.BuildContactPayload and
// projection.BuildDealPayload give.
func contact(email, phone string) map[string]any {
	return map[string]any{"properties": map[string]any{
		"firstname": "Maria", "lastname": "Souza", "email": email, "phone": phone, "address": nil,
	}}
}

func deal(contactID, name string) map[string]any {
	return map[string]any{
		"properties": map[string]any{"dealname": name, "amount": nil},
		"associations": []any{map[string]any{
			"to":    map[string]any{"id": contactID},
			"types": []any{map[string]any{"associationCategory": "HUBSPOT_DEFINED", "associationTypeId": 3}},
		}},
	}
}

// ok fails t unless res is a success with an ID, and returns the ID.
func ok(t *testing.T, call string, res domain.AdapterResult, err error) string {
	t.Helper()
	if err != nil || !res.Success || res.ErrorKind != "" || res.MockID == "" {
		t.Fatalf("%s = %+v, %v; want success with the CRM's ID", call, res, err)
	}
	return string(res.MockID)
}

func contactIsFoundAgain(t *testing.T, crm projection.CRM) {
	ctx := context.Background()
	res, err := crm.SyncContact(ctx, "", contact("maria@example.com", "+5511988887777"))
	id := ok(t, "SyncContact of a new contact", res, err)
	res, err = crm.SyncContact(ctx, "", contact("maria@example.com", "+5511988887777"))
	if again := ok(t, "SyncContact of the same contact without its ID", res, err); again != id {
		t.Fatalf("the same contact synced again without its ID got ID %s, want %s: a retry would create a duplicate", again, id)
	}
	res, err = crm.SyncContact(ctx, id, contact("maria@example.com", "+5511977776666"))
	if updated := ok(t, "SyncContact with its ID", res, err); updated != id {
		t.Fatalf("SyncContact(%s) answered ID %s", id, updated)
	}
	res, err = crm.SyncContact(ctx, "", contact("joao@example.com", "+5521955554444"))
	if other := ok(t, "SyncContact of another contact", res, err); other == id {
		t.Fatalf("two people share contact %s", id)
	}
}

func dealLifecycle(t *testing.T, crm projection.CRM) {
	ctx := context.Background()
	const session = "sess-lifecycle"
	res, err := crm.FindDeal(ctx, session)
	if err != nil || !res.Success || res.MockID != "" {
		t.Fatalf("FindDeal before any create = %+v, %v; want success with a null ID", res, err)
	}
	res, err = crm.SyncContact(ctx, "", contact("ana@example.com", "+5511966665555"))
	contactID := ok(t, "SyncContact", res, err)
	res, tag, err := crm.CreateDeal(ctx, session, projection.StageNew, deal(contactID, "Padaria Sol"))
	id := ok(t, "CreateDeal", res, err)
	res, err = crm.FindDeal(ctx, session)
	if found := ok(t, "FindDeal after the create", res, err); found != id {
		t.Fatalf("FindDeal = %s, want the created deal %s", found, id)
	}
	res, _, err = crm.UpdateDeal(ctx, id, projection.StageQualified, deal(contactID, "Padaria Sol"), tag)
	if updated := ok(t, "UpdateDeal", res, err); updated != id {
		t.Fatalf("UpdateDeal(%s) answered ID %s", id, updated)
	}
	res, err = crm.FindDeal(ctx, "sess-other")
	if err != nil || !res.Success || res.MockID != "" {
		t.Fatalf("FindDeal of another session = %+v, %v; want success with a null ID", res, err)
	}
}

// A CRM that gives version tags refuses a write against an older one: a
// deal a person changed in the CRM is not silently overwritten. One that
// gives none (the stub) has nothing to check.
func staleVersionIsRefused(t *testing.T, crm projection.CRM) {
	ctx := context.Background()
	res, _, err := crm.CreateDeal(ctx, "sess-stale", projection.StageNew, deal("1", "Padaria Lua"))
	id := ok(t, "CreateDeal", res, err)
	res, tag, err := crm.UpdateDeal(ctx, id, projection.StageNew, deal("1", "Padaria Lua"), "")
	ok(t, "UpdateDeal without a tag", res, err)
	if tag == "" {
		t.Skip("the CRM gives no version tags")
	}
	res, newer, err := crm.UpdateDeal(ctx, id, projection.StageQualified, deal("1", "Padaria Lua"), tag)
	ok(t, "UpdateDeal with the current tag", res, err)
	if newer == "" || newer == tag {
		t.Fatalf("UpdateDeal with tag %s gave tag %q, want a new one", tag, newer)
	}
	res, _, err = crm.UpdateDeal(ctx, id, projection.StageRegistered, deal("1", "Padaria Lua"), tag)
	if err != nil || res.Success || res.ErrorKind != domain.ErrorKindPermanent {
		t.Fatalf("UpdateDeal with a stale tag = %+v, %v; want a permanent failure and a nil error", res, err)
	}
}

// A deal that does not exist cannot be updated, however often it is tried.
func unknownDealIsPermanent(t *testing.T, crm projection.CRM) {
	res, _, err := crm.UpdateDeal(context.Background(), "987654321", projection.StageNew, deal("1", "Ninguém"), "")
	if err != nil || res.Success || res.ErrorKind != domain.ErrorKindPermanent || res.Detail == "" {
		t.Fatalf("UpdateDeal of an unknown deal = %+v, %v; want a permanent failure with a detail and a nil error", res, err)
	}
}

// A call whose ctx ended returns its error and a failed result.
func contextEnded(t *testing.T, crm projection.CRM) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	calls := map[string]func() (domain.AdapterResult, error){
		"SyncContact": func() (domain.AdapterResult, error) {
			return crm.SyncContact(ctx, "", contact("ctx@example.com", "+5511900000000"))
		},
		"FindDeal": func() (domain.AdapterResult, error) { return crm.FindDeal(ctx, "sess-ctx") },
		"CreateDeal": func() (domain.AdapterResult, error) {
			res, _, err := crm.CreateDeal(ctx, "sess-ctx", projection.StageNew, deal("1", "ctx"))
			return res, err
		},
		"UpdateDeal": func() (domain.AdapterResult, error) {
			res, _, err := crm.UpdateDeal(ctx, "1", projection.StageNew, deal("1", "ctx"), "")
			return res, err
		},
	}
	for name, call := range calls {
		res, err := call()
		if !errors.Is(err, context.Canceled) || res.Success || res.ErrorKind == "" {
			t.Errorf("%s with a cancelled ctx = %+v, %v; want context.Canceled and a failure with its kind", name, res, err)
		}
	}
}

// One CRM serves every worker of a process (run it with -race).
func concurrentUse(t *testing.T, crm projection.CRM) {
	var (
		wg  sync.WaitGroup
		mu  sync.Mutex
		ids = map[string]string{}
	)
	for i := range 8 {
		wg.Go(func() {
			session := fmt.Sprintf("sess-%d", i)
			res, _, err := crm.CreateDeal(context.Background(), session, projection.StageNew, deal("1", session))
			if err != nil || !res.Success || res.MockID == "" {
				t.Errorf("concurrent CreateDeal(%s) = %+v, %v", session, res, err)
				return
			}
			mu.Lock()
			ids[string(res.MockID)] = session
			mu.Unlock()
		})
	}
	wg.Wait()
	if len(ids) != 8 {
		t.Fatalf("8 sessions got %d distinct deals", len(ids))
	}
}
