package projection

import (
	"strings"

	"github.com/intake-runtime/intake/domain"
)

// The cadastral_data keys the builders read, first non-empty value wins in
// the order listed. The registrar writes the Portuguese keys (see
// actors/conversation and its prompts/REGISTRAR.md); the English ones, and the
// spec's three spellings of the document, are accepted for data that arrives
// by other means (the admin API, imports of older records).
//
//	field     keys                          contact   deal      ERP customer
//	name      nome, name                    firstname dealname  nome
//	                                        lastname
//	e-mail    email, e_mail                 email     email     emails
//	phone     telefone, phone               phone     telefone  fones
//	address   endereco, address             address   -         -
//	city      cidade, city                  city      -         -
//	state     estado, uf, state             state     -         -
//	zip       cep, zip                      zip       -         -
//	document  cpfcnpj, cpfCnpj, cpf_cnpj    cpf_cnpj  cpf_cnpj  cpfcnpj (no punctuation)
//
// The document is sent as collected to the CRM (the rules store it
// normalised: digits, and the upper-case letters of an alphanumeric CNPJ) and
// without punctuation to the ERP; neither drops the letters of an
// alphanumeric CNPJ, which the spec's "digits only" predates.
var (
	nameKeys     = []string{"nome", "name"}
	emailKeys    = []string{"email", "e_mail"}
	phoneKeys    = []string{"telefone", "phone"}
	addressKeys  = []string{"endereco", "address"}
	cityKeys     = []string{"cidade", "city"}
	stateKeys    = []string{"estado", "uf", "state"}
	zipKeys      = []string{"cep", "zip"}
	documentKeys = []string{"cpfcnpj", "cpfCnpj", "cpf_cnpj"}
)

// field returns the first non-empty text among data's keys, "" when none.
func field(data map[string]any, keys []string) string {
	for _, k := range keys {
		if s := domain.DataText(data[k]); s != "" {
			return s
		}
	}
	return ""
}

// splitName splits a full name into its first word and the rest, as the
// CRM's firstname and lastname.
func splitName(full string) (first, rest string) {
	words := strings.Fields(full)
	if len(words) == 0 {
		return "", ""
	}
	return words[0], strings.Join(words[1:], " ")
}

// nullable is s, or nil (JSON null) when it is empty.
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
