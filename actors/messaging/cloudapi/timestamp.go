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

// maxFutureSkew is how far ahead of our clock a platform timestamp may be
// before it is taken for a wrong one. Both clocks are NTP-synchronised, so a
// real difference is well under a second; a minute leaves room for a bad
// host clock without letting a timestamp days ahead through.
const maxFutureSkew = time.Minute

// timeOr returns the parsed timestamp, or now in UTC when it is missing or
// invalid.
func timeOr(raw json.RawMessage, now func() time.Time) time.Time {
	n := now().UTC()
	if t, ok := parseEpoch(raw); ok {
		return notInFuture(t, n)
	}
	return n
}

// notInFuture clamps a timestamp more than maxFutureSkew ahead of now to
// now. A message dated 30 days ahead would otherwise sort after every later
// one, outlive the stale check, and stretch the 24-hour customer-service
// window counted from it, so operators would write into a window the
// platform has closed.
func notInFuture(t, now time.Time) time.Time {
	if t.After(now.Add(maxFutureSkew)) {
		return now
	}
	return t
}
