package projection_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/persistence"
)

// erpFunc fakes the ERP client with a function.
type erpFunc func(ctx context.Context, customer map[string]any) (persistence.StubResponse, error)

func (f erpFunc) EnsureCustomer(ctx context.Context, customer map[string]any) (persistence.StubResponse, error) {
	return f(ctx, customer)
}

func TestSyncCustomer(t *testing.T) {
	ok := persistence.StubResponse{Success: true, MockID: "77", Detail: "created"}
	down := persistence.StubResponse{Detail: "erp: HTTP 503", ErrorKind: persistence.ErrorKindTransient}
	tests := []struct {
		name      string
		session   func(s *persistence.Session)
		answer    persistence.StubResponse
		wantCalls int
		wantSent  map[string]any
		wantErr   error
		synced    bool
	}{
		{
			// The WhatsApp number is the customer's phone when they gave no other.
			name:      "created",
			answer:    ok,
			wantCalls: 1,
			wantSent: map[string]any{
				"nome": "Maria Souza", "tipo": []string{"cliente"}, "cpfcnpj": "52998224725",
				"emails": []string{"maria@exemplo.com"}, "fones": []string{"+5511987654321"},
			},
			synced: true,
		},
		{
			name:      "ERP down",
			answer:    down,
			wantCalls: 1,
			wantSent: map[string]any{
				"nome": "Maria Souza", "tipo": []string{"cliente"}, "cpfcnpj": "52998224725",
				"emails": []string{"maria@exemplo.com"}, "fones": []string{"+5511987654321"},
			},
		},
		{
			name:    "already synced",
			session: func(s *persistence.Session) { s.ERPSynced = true },
			synced:  true,
		},
		{
			name:    "no name",
			session: func(s *persistence.Session) { delete(s.CadastralData, "nome") },
			wantErr: projection.ErrMissingName,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := completedSession("s1", "maria@exemplo.com")
			delete(s.CadastralData, "cidade")
			if tt.session != nil {
				tt.session(&s)
			}
			calls := 0
			var sent map[string]any
			client := erpFunc(func(_ context.Context, customer map[string]any) (persistence.StubResponse, error) {
				calls++
				sent = customer
				return tt.answer, nil
			})
			got, err := projection.SyncCustomer(t.Context(), client, s)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if calls != tt.wantCalls || !reflect.DeepEqual(sent, tt.wantSent) {
				t.Errorf("calls = %d with %v; want %d with %v", calls, sent, tt.wantCalls, tt.wantSent)
			}
			if tt.wantErr != nil && (got.Response.Success || got.Response.ErrorKind != persistence.ErrorKindPermanent) {
				t.Errorf("response = %+v; want a permanent failure", got.Response)
			}
			after := got.Apply(s)
			if after.ERPSynced != tt.synced {
				t.Errorf("erp_synced = %v, want %v", after.ERPSynced, tt.synced)
			}
			if tt.wantSent != nil && !reflect.DeepEqual(after.ERPPayload, tt.wantSent) {
				t.Errorf("erp_payload = %v, want %v", after.ERPPayload, tt.wantSent)
			}
			if s.CadastralData["telefone"] != nil {
				t.Error("SyncCustomer changed the session's cadastral data")
			}
		})
	}
}
