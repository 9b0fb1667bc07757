package httpcall_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestDetailsAreRedacted plants the client's own token and a key of another
// account (OpenAI-shaped, in a bearer header echo) in the CRM's and the ERP's
// error bodies: no detail may carry either.
func TestDetailsAreRedacted(t *testing.T) {
	const foreign = "sk-proj-Abc123Def456Ghi789"
	bodies := map[string]string{
		"crm": `{"message":"Authentication credentials not found: ` + token + ` (Authorization: Bearer ` + foreign + `)"}`,
		"erp": `{"error":{"message":"invalid access_token=` + token + `","description":"key ` + foreign + ` revoked"}}`,
	}
	for name, body := range bodies {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(http.StatusBadRequest)
				_, _ = io.WriteString(w, body)
			}))
			defer srv.Close()
			resp, err := newClient(t, srv.URL, newFakeClock()).Do(t.Context(), http.MethodGet, "/x", nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, secret := range []string{token, foreign} {
				if strings.Contains(resp.Detail, secret) {
					t.Errorf("detail %q holds %q", resp.Detail, secret)
				}
			}
			if !strings.Contains(resp.Detail, "HTTP 400") || !strings.Contains(resp.Detail, "[redacted]") {
				t.Errorf("detail %q lost the status or the mark", resp.Detail)
			}
		})
	}
}
