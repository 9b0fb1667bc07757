package projection_test

import (
	"errors"
	"testing"

	"github.com/intake-runtime/intake/actors/projection"
)

func TestBuildContactPayload(t *testing.T) {
	tests := []struct {
		name      string
		cadastral map[string]any
		segment   string
		phone     string
	}{
		{
			name: "contact_full",
			cadastral: map[string]any{
				"nome": "Maria  Souza Lima", "email": "maria@exemplo.com.br", "telefone": "+5519991234567",
				"endereco": "Rua das Flores, 10", "cidade": "Campinas", "estado": "SP", "cep": "13083-970",
				"cpf_cnpj": "52998224725",
			},
			segment: "pesquisa",
			phone:   "+5511987654321",
		},
		{
			// No name: firstname is the fallback label, lastname null; the
			// WhatsApp number stands in for the phone.
			name:      "contact_no_name",
			cadastral: map[string]any{},
			segment:   "consultoria",
			phone:     "+5511987654321",
		},
		{
			// A one-word name has no lastname; without a cadastral phone the
			// phone argument is used.
			name:      "contact_no_cadastral_phone",
			cadastral: map[string]any{"nome": "Maria", "email": "maria@exemplo.com", "telefone": "  "},
			segment:   "pesquisa",
			phone:     "+5511987654321",
		},
		{
			// The alphanumeric CNPJ the rules stored reaches the CRM with
			// its letters.
			name:      "contact_alphanumeric_cnpj",
			cadastral: map[string]any{"nome": "Nova Empresa Ltda", "cpf_cnpj": "12ABC34501DE35"},
			segment:   "pesquisa",
			phone:     "+5511987654321",
		},
		{
			// English keys, a numeric document, and no phone anywhere.
			name: "contact_english_keys",
			cadastral: map[string]any{
				"name": "John Smith", "phone": "", "address": "1 Main St", "city": "Springfield",
				"state": "IL", "zip": "62701", "cpfCnpj": int64(11222333000181),
			},
			segment: "pesquisa",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			golden(t, tt.name, projection.BuildContactPayload(tt.cadastral, tt.segment, tt.phone))
		})
	}
}

func TestBuildDealPayload(t *testing.T) {
	tests := []struct {
		name string
		in   projection.DealInput
	}{
		{
			name: "deal_full",
			in: projection.DealInput{
				Service:     "Pesquisa de mercado",
				ContactName: "Maria Souza",
				Segment:     "pesquisa",
				Description: "Quero entender o mercado de padarias em Campinas",
				History:     "Cliente quer pesquisa de varejo; cadastro completo.",
				Qualification: map[string]any{
					"prazo": "30 dias", "assunto": "padarias", "amostra": int64(400),
					"regioes": []any{"Campinas", "Sumaré"}, "orcamento_definido": false,
				},
				Phone: "+5519991234567", Email: "maria@exemplo.com", Document: "52998224725",
				ContactID: "901",
			},
		},
		{
			// Without a contact ID associations is an empty list, not null.
			name: "deal_no_contact",
			in: projection.DealInput{
				Service: "Consultoria", ContactName: "João", Segment: "consultoria",
				Qualification: map[string]any{"b": "2", "a": "1"},
			},
		},
		{
			// Unknown service and name: both fallbacks in the deal name.
			name: "deal_unknown_service_and_name",
			in:   projection.DealInput{Phone: "+5511987654321"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			golden(t, tt.name, projection.BuildDealPayload(tt.in))
		})
	}
}

func TestBuildCustomerPayload(t *testing.T) {
	tests := []struct {
		name      string
		cadastral map[string]any
	}{
		{
			// Address fields are collected but never sent.
			name: "customer_full",
			cadastral: map[string]any{
				"nome": "Maria Souza", "email": "maria@exemplo.com", "telefone": "+5519991234567",
				"cpf_cnpj": "529.982.247-25", "endereco": "Rua das Flores, 10", "cidade": "Campinas",
				"estado": "SP", "cep": "13083-970",
			},
		},
		{
			name:      "customer_cpfcnpj_first",
			cadastral: map[string]any{"nome": "A", "cpfcnpj": "111", "cpfCnpj": "222", "cpf_cnpj": "333"},
		},
		{
			name:      "customer_cpfCnpj_second",
			cadastral: map[string]any{"nome": "A", "cpfCnpj": "22.2", "cpf_cnpj": "333"},
		},
		{
			// An empty higher-precedence key does not hide a later one.
			name:      "customer_cpf_cnpj_third",
			cadastral: map[string]any{"nome": "A", "cpfcnpj": "", "cpf_cnpj": "11.222.333/0001-81"},
		},
		{
			// An alphanumeric CNPJ keeps its letters, upper-cased: the
			// spec's "digits only" predates it.
			name:      "customer_alphanumeric_cnpj",
			cadastral: map[string]any{"nome": "Nova Empresa Ltda", "cpf_cnpj": "12.abc.345/01DE-35"},
		},
		{
			// A document without digits is omitted.
			name:      "customer_no_digits",
			cadastral: map[string]any{"nome": "A", "cpf_cnpj": "não informado"},
		},
		{
			// Empty e-mail and phone: no emails nor fones keys at all.
			name:      "customer_empty_emails",
			cadastral: map[string]any{"nome": "Padaria Sol Ltda", "email": " ", "telefone": "", "cpf_cnpj": "11222333000181"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := projection.BuildCustomerPayload(tt.cadastral)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, tt.name, got)
		})
	}
}

func TestBuildCustomerPayloadWithoutName(t *testing.T) {
	for _, cadastral := range []map[string]any{nil, {}, {"nome": "  ", "email": "a@b.c"}} {
		got, err := projection.BuildCustomerPayload(cadastral)
		if !errors.Is(err, projection.ErrMissingName) || got != nil {
			t.Errorf("BuildCustomerPayload(%v) = %v, %v; want nil, ErrMissingName", cadastral, got, err)
		}
	}
}

func TestQualificationTextIsStable(t *testing.T) {
	a := map[string]any{"z": "1", "a": int64(2), "m": []any{"x"}}
	b := map[string]any{"m": []any{"x"}, "a": float64(2), "z": "1"} // as read back from the table
	const want = `a=2; m=["x"]; z=1`
	for _, data := range []map[string]any{a, b} {
		if got := projection.QualificationText(data); got != want {
			t.Errorf("QualificationText(%v) = %q, want %q", data, got, want)
		}
	}
}
