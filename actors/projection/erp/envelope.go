package erp

import (
	"bytes"
	"encoding/json"
	"strings"
)

// firstID reads the ID out of the ERP's envelope: {"data": {"id": N}} after a
// create, {"data": [{"id": N}, ...]} after a lookup (the first match). IDs
// may be numbers or strings. It returns "" when the body holds none.
func firstID(body []byte) string {
	var env struct {
		Data json.RawMessage `json:"data"`
	}
	if json.Unmarshal(body, &env) != nil {
		return ""
	}
	type record struct {
		ID json.RawMessage `json:"id"`
	}
	var one record
	if bytes.HasPrefix(bytes.TrimSpace(env.Data), []byte("[")) {
		var list []record
		if json.Unmarshal(env.Data, &list) != nil || len(list) == 0 {
			return ""
		}
		one = list[0]
	} else if json.Unmarshal(env.Data, &one) != nil {
		return ""
	}
	return idText(one.ID)
}

// idText renders a JSON number or string ID as text; anything else is "".
func idText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.TrimSpace(s)
	}
	var n json.Number
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if dec.Decode(&n) == nil {
		return n.String()
	}
	return ""
}
