package erp_test

import (
	"context"
	"net/http"
	"testing"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/projection/erp"
	"github.com/intake-runtime/intake/internal/httpcall"
)

// FuzzEnsureCustomerAnswer feeds arbitrary lookup answers to the client: it
// must classify every one without panicking, and succeed only with an ID.
func FuzzEnsureCustomerAnswer(f *testing.F) {
	for _, seed := range []string{
		`{"data":[{"id":12345678}]}`, `{"data":{"id":"99"}}`, `{"data":[]}`, `{"data":null}`,
		`{"data":[{"id":1.5e3}]}`, `{"data":[{"id":{"x":1}}]}`, `[]`, `nope`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, body string) {
		var fake fakeERP
		base := fake.start(t, func(call string, w http.ResponseWriter, r *http.Request) {
			reply(http.StatusOK, body)(w, r)
		})
		c, err := erp.New(erp.Config{Config: httpcall.Config{BaseURL: base, AccessToken: testToken, MaxRPS: 1_000_000, Clock: instantClock{}}}, zap.NewNop())
		if err != nil {
			t.Fatal(err)
		}
		resp, err := c.EnsureCustomer(context.Background(), customer("52998224725"))
		if err != nil {
			t.Fatal(err)
		}
		if resp.Success && resp.MockID == "" {
			t.Fatalf("success without an id for %q: %+v", body, resp)
		}
	})
}
