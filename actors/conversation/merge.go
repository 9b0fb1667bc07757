package conversation

import (
	"encoding/json"
)

// Keys of cadastral_data that the rules check or normalise, and KeyCity, which
// the registrar asks for and the offline demo model extracts. The registrar's
// full contract (prompts/REGISTRAR.md), from which the CRM contact and the ERP
// customer are built, also has endereco, kept as typed.
const (
	KeyName     = "nome"
	KeyEmail    = "email"
	KeyDocument = "cpf_cnpj"
	KeyCity     = "cidade"
	keyPhone    = "telefone"
	keyState    = "estado"
	keyZip      = "cep"
)

// keySubject is the qualification_data key that holds the customer's request
// in their own words; a confirmed subject change starts over from it.
const KeySubject = "assunto"

// merge copies the values of from into into, key by key, sanitized. A later
// null or blank value never erases what an earlier answer collected: models
// often repeat only what they learned this turn, or send empty placeholders.
// cadastral_data, whose fields are all text and partly checked, is merged by
// collectCadastral.
func merge(into map[string]any, from any) {
	m, _ := from.(map[string]any)
	for k, v := range m {
		if k = sanitize(k); k == "" {
			continue
		}
		if v = plain(v); !blank(v) {
			into[k] = v
		}
	}
}

// plain turns a decoded JSON value into the types a stored item holds:
// json.Number becomes int64 when integral, float64 otherwise; strings are
// sanitized (which trims them); nested objects and lists are converted in
// depth, their keys sanitized too.
func plain(v any) any {
	switch v := v.(type) {
	case json.Number:
		if i, err := v.Int64(); err == nil {
			return i
		}
		f, _ := v.Float64()
		return f
	case string:
		return sanitize(v)
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[sanitize(k)] = plain(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = plain(x)
		}
		return out
	}
	return v
}

func blank(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		return v == ""
	}
	return false
}
