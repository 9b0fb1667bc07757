package projection_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/domain"
)

func TestCustomerPayload(t *testing.T) {
	tests := []struct {
		name    string
		session func(s *domain.Session)
		want    map[string]any
		wantErr error
	}{
		{
			// The WhatsApp number is the customer's phone when they gave no other.
			name: "registered",
			want: map[string]any{
				"nome": "Maria Souza", "tipo": []string{"cliente"}, "cpfcnpj": "52998224725",
				"emails": []string{"maria@exemplo.com"}, "fones": []string{"+5511987654321"},
			},
		},
		{
			name:    "own phone",
			session: func(s *domain.Session) { s.CadastralData["telefone"] = "+5519912345678" },
			want: map[string]any{
				"nome": "Maria Souza", "tipo": []string{"cliente"}, "cpfcnpj": "52998224725",
				"emails": []string{"maria@exemplo.com"}, "fones": []string{"+5519912345678"},
			},
		},
		{
			name:    "no name",
			session: func(s *domain.Session) { delete(s.CadastralData, "nome") },
			wantErr: projection.ErrMissingName,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := completedSession("s1", "maria@exemplo.com")
			if tt.session != nil {
				tt.session(&s)
			}
			before := len(s.CadastralData)
			got, err := projection.CustomerPayload(s)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("payload = %v\nwant %v", got, tt.want)
			}
			if len(s.CadastralData) != before {
				t.Error("CustomerPayload changed the session's cadastral data")
			}
		})
	}
}
