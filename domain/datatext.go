package domain

import (
	"encoding/json"
	"strconv"
	"strings"
)

// DataText renders one scalar of a session's collected data (qualification
// or cadastral) as trimmed text: strings as they are, numbers with all their
// digits (a CPF the model wrote without quotes), booleans as words; null,
// objects and lists give "". The maps hold what the model answered, decoded
// from JSON, so the conversation rules and the CRM and ERP payloads read a
// value alike whatever its JSON type.
func DataText(v any) string {
	switch v := v.(type) {
	case string:
		return strings.TrimSpace(v)
	case json.Number:
		return v.String()
	case int:
		return strconv.Itoa(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	case bool:
		return strconv.FormatBool(v)
	}
	return ""
}
