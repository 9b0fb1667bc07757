package projection

import (
	"errors"
	"fmt"
)

// ErrMissingName is why a customer payload cannot be built: the cadastral
// data has no name. It is the spec's KeyError of build_customer_payload.
var ErrMissingName = errors.New("projection: cadastral data has no nome")

// customerType is the ERP contact type of every customer Intake registers.
const customerType = "cliente"

// BuildCustomerPayload is the spec's build_customer_payload(cadastral_data)
// for the ERP's /contatos resource: nome (required: without it the error
// wraps ErrMissingName), tipo ["cliente"], cpfcnpj as digits only (from the
// first non-empty of cpfcnpj, cpfCnpj, cpf_cnpj; omitted when it has no
// digits), and emails and fones as one-item lists, present only when the
// value exists. The collected address, city, state and zip are not sent.
func BuildCustomerPayload(cadastral map[string]any) (map[string]any, error) {
	name := field(cadastral, nameKeys)
	if name == "" {
		return nil, fmt.Errorf("projection: build customer payload: %w", ErrMissingName)
	}
	out := map[string]any{"nome": name, "tipo": []string{customerType}}
	if doc := digits(field(cadastral, documentKeys)); doc != "" {
		out["cpfcnpj"] = doc
	}
	if email := field(cadastral, emailKeys); email != "" {
		out["emails"] = []string{email}
	}
	if phone := field(cadastral, phoneKeys); phone != "" {
		out["fones"] = []string{phone}
	}
	return out, nil
}
