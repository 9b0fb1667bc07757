package projection

import (
	"errors"
	"fmt"

	"github.com/intake-runtime/intake/domain"
)

// ErrMissingName is why a customer payload cannot be built: the cadastral
// data has no name. It is the spec's KeyError of build_customer_payload.
var ErrMissingName = errors.New("projection: cadastral data has no nome")

// customerType is the ERP contact type of every customer Intake registers.
const customerType = "cliente"

// BuildCustomerPayload is the spec's build_customer_payload(cadastral_data)
// for the ERP's /contatos resource: nome (required: without it the error
// wraps ErrMissingName), tipo ["cliente"], cpfcnpj without punctuation (from
// the first non-empty of cpfcnpj, cpfCnpj, cpf_cnpj; omitted when it has no
// digits), and emails and fones as one-item lists, present only when the
// value exists. The collected address, city, state and zip are not sent.
//
// The spec's "cpfcnpj: digits only" predates the alphanumeric CNPJ (IN RFB
// 2.229/2024, issued from July 2026): a CNPJ such as 12ABC34501DE35 keeps its
// letters, upper-cased (domain.DocumentDigits), or the ERP would receive
// 123450135, another company's number or none. Numeric CPFs and CNPJs are
// sent exactly as before.
func BuildCustomerPayload(cadastral map[string]any) (map[string]any, error) {
	name := field(cadastral, nameKeys)
	if name == "" {
		return nil, fmt.Errorf("projection: build customer payload: %w", ErrMissingName)
	}
	out := map[string]any{"nome": name, "tipo": []string{customerType}}
	if doc := domain.DocumentDigits(field(cadastral, documentKeys)); doc != "" {
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
