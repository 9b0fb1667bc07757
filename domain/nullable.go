package domain

import "encoding/json"

// NullString is a string field the spec allows to be null. The empty string is
// null: it is left out of stored items and serialised as JSON null, so callers
// assign and test it like a plain string while the admin API still shows the
// spec's "string or null" shape.
type NullString string

// MarshalJSON writes null for the empty string.
func (s NullString) MarshalJSON() ([]byte, error) { return nullableJSON(string(s)) }

// nullableJSON encodes s as a JSON string, or null when it is empty. JSON null
// decodes back into the empty string without help, so no UnmarshalJSON exists.
func nullableJSON(s string) ([]byte, error) {
	if s == "" {
		return []byte("null"), nil
	}
	return json.Marshal(s)
}
