package erptest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/domain"
)

// Run is the contract suite of projection.ERP, run in one line by every
// implementation's tests (the erp client against this package's fake ERP,
// and erp.Stub), so what the sync job relies on is stated once: the result
// carries the customer's ID in MockID; the error is non-nil only when ctx
// ended; a customer ensured again (a retry after a lost answer) is found by
// its document, not created twice; and the ERP is safe for concurrent use.
func Run(t *testing.T, newERP func(t *testing.T) projection.ERP) {
	t.Run("CustomerIsFoundAgain", func(t *testing.T) { customerIsFoundAgain(t, newERP(t)) })
	t.Run("ContextEnded", func(t *testing.T) { contextEnded(t, newERP(t)) })
	t.Run("ConcurrentUse", func(t *testing.T) { concurrentUse(t, newERP(t)) })
}

// customer is a payload in the shape projection.BuildCustomerPayload gives.
func customer(name, document string) map[string]any {
	return map[string]any{"nome": name, "cpfcnpj": document, "tipoPessoa": "F", "email": "maria@example.com"}
}

func ensure(t *testing.T, erp projection.ERP, c map[string]any) string {
	t.Helper()
	res, err := erp.EnsureCustomer(context.Background(), c)
	if err != nil || !res.Success || res.ErrorKind != "" || res.MockID == "" {
		t.Fatalf("EnsureCustomer(%v) = %+v, %v; want success with the customer's ID", c, res, err)
	}
	return string(res.MockID)
}

func customerIsFoundAgain(t *testing.T, erp projection.ERP) {
	id := ensure(t, erp, customer("Maria Souza", "52998224725"))
	if again := ensure(t, erp, customer("Maria Souza", "52998224725")); again != id {
		t.Fatalf("the same customer ensured again got ID %s, want %s: a retry would create a duplicate", again, id)
	}
	if other := ensure(t, erp, customer("João Lima", "11144477735")); other == id {
		t.Fatalf("two documents share customer %s", id)
	}
}

func contextEnded(t *testing.T, erp projection.ERP) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := erp.EnsureCustomer(ctx, customer("Maria Souza", "52998224725"))
	if !errors.Is(err, context.Canceled) || res.Success || res.ErrorKind == "" {
		t.Fatalf("EnsureCustomer with a cancelled ctx = %+v, %v; want context.Canceled and a failure with its kind", res, err)
	}
}

// One ERP serves every worker of a process (run it with -race).
func concurrentUse(t *testing.T, erp projection.ERP) {
	var (
		wg  sync.WaitGroup
		mu  sync.Mutex
		ids = map[domain.NullString]bool{}
	)
	for i := range 8 {
		wg.Go(func() {
			res, err := erp.EnsureCustomer(context.Background(), customer(fmt.Sprintf("Cliente %d", i), fmt.Sprintf("%011d", i+1)))
			if err != nil || !res.Success || res.MockID == "" {
				t.Errorf("concurrent EnsureCustomer = %+v, %v", res, err)
				return
			}
			mu.Lock()
			ids[res.MockID] = true
			mu.Unlock()
		})
	}
	wg.Wait()
	if len(ids) != 8 {
		t.Fatalf("8 customers got %d distinct IDs", len(ids))
	}
}
