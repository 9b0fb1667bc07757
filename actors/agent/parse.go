package agent

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
)

// fence is the Markdown code fence some models wrap the JSON object in.
const fence = "```"

// Parse splits a model answer into its leading JSON object and the customer
// text that follows it. The answer is never parsed as a whole: only the first
// complete JSON value is decoded, and wherever it ends the text begins, so
// braces, quotes and JSON-looking text in the message are kept as written.
//
// Tolerated deviations, because models produce them and they carry no
// ambiguity: leading whitespace; a Markdown fence with an optional info string
// (```json) before the object, closed either right after the object or at the
// very end of the answer; and a qualification_data that is absent or null,
// which becomes an empty object.
//
// s must be an integer: 1 and 1.0 are accepted, 1.5, "1", true and null are
// not (ErrBadAction). qualification_data must otherwise be an object
// (ErrBadQualificationData). An answer that does not begin with a complete
// object fails with ErrNoJSON. A missing text is not an error here: see
// ParsedLLMResponse.Validate.
func Parse(raw string) (ParsedLLMResponse, error) {
	rest, fenced := openFence(strings.TrimLeftFunc(raw, unicode.IsSpace))
	if !strings.HasPrefix(rest, "{") {
		return ParsedLLMResponse{}, fmt.Errorf("%w: no '{' at the start", ErrNoJSON)
	}
	dec := json.NewDecoder(strings.NewReader(rest))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil {
		return ParsedLLMResponse{}, fmt.Errorf("%w: %v", ErrNoJSON, err)
	}
	text := rest[dec.InputOffset():]
	if fenced {
		text = closeFence(text)
	}
	s, err := actionCode(obj)
	if err != nil {
		return ParsedLLMResponse{}, err
	}
	if err := normalizeQualificationData(obj); err != nil {
		return ParsedLLMResponse{}, err
	}
	return ParsedLLMResponse{S: s, JSONPart: obj, Message: strings.TrimSpace(text)}, nil
}

// openFence drops an opening fence and its info string, reporting whether
// there was one.
func openFence(s string) (string, bool) {
	if !strings.HasPrefix(s, fence) {
		return s, false
	}
	s = s[len(fence):]
	end := strings.IndexFunc(s, func(r rune) bool { return r == '{' || unicode.IsSpace(r) })
	if end < 0 {
		return "", true
	}
	return strings.TrimLeftFunc(s[end:], unicode.IsSpace), true
}

// closeFence drops the closing fence of a fenced answer from the text after
// the object: right after the object (only the object was fenced) or at the
// end (the whole answer was).
func closeFence(text string) string {
	if after, ok := strings.CutPrefix(strings.TrimLeftFunc(text, unicode.IsSpace), fence); ok {
		return after
	}
	return strings.TrimSuffix(strings.TrimRightFunc(text, unicode.IsSpace), fence)
}

// actionCode reads s as an integer. JSON has one number type, so an integral
// value written as 1.0 or 1e0 is accepted; anything beyond 2^53 is rejected
// because it cannot be an action code and would lose digits as a float.
func actionCode(obj map[string]any) (int, error) {
	v, ok := obj["s"]
	if !ok {
		return 0, fmt.Errorf("%w: s is missing", ErrBadAction)
	}
	n, ok := v.(json.Number)
	if !ok {
		return 0, fmt.Errorf("%w: s is %s", ErrBadAction, jsonKind(v))
	}
	if i, err := strconv.ParseInt(n.String(), 10, 0); err == nil {
		return int(i), nil
	}
	f, err := strconv.ParseFloat(n.String(), 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, fmt.Errorf("%w: s is %s", ErrBadAction, n)
	}
	return int(f), nil
}

// normalizeQualificationData makes obj["qualification_data"] an object,
// empty when absent or null.
func normalizeQualificationData(obj map[string]any) error {
	switch v := obj["qualification_data"].(type) {
	case nil:
		obj["qualification_data"] = map[string]any{}
	case map[string]any:
	default:
		return fmt.Errorf("%w: it is %s", ErrBadQualificationData, jsonKind(v))
	}
	return nil
}

// jsonKind names the JSON type of a decoded value for error messages, which
// must not quote the value (answers may hold customer data).
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case json.Number:
		return "a number"
	case []any:
		return "an array"
	default:
		return "an object"
	}
}
