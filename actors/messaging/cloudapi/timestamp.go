package cloudapi

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"
)

// maxEpoch is the last second of year 9999: later values cannot be written as
// ISO 8601 and are no real platform time.
const maxEpoch = 253402300799

// parseEpoch reads the platform's timestamp: epoch seconds as a JSON string
// ("1700000000") or, leniently, as a JSON integer. It reports false for
// anything else (absent, empty, fractional, zero or negative, beyond year
// 9999), and the caller then uses the current time, as rule 4 says.
func parseEpoch(raw json.RawMessage) (time.Time, bool) {
	s := strings.TrimSpace(string(raw))
	if s == "" || s == "null" {
		return time.Time{}, false
	}
	if s[0] == '"' {
		var str string
		if err := json.Unmarshal(raw, &str); err != nil {
			return time.Time{}, false
		}
		s = strings.TrimSpace(str)
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 || n > maxEpoch {
		return time.Time{}, false
	}
	return time.Unix(n, 0).UTC(), true
}

// timeOr returns the parsed timestamp, or now in UTC when it is missing or
// invalid.
func timeOr(raw json.RawMessage, now func() time.Time) time.Time {
	if t, ok := parseEpoch(raw); ok {
		return t
	}
	return now().UTC()
}
