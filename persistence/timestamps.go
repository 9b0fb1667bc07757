package persistence

import (
	"fmt"
	"strings"
	"time"
)

// TimeLayout is how every timestamp is stored, in attributes and in keys:
// ISO 8601 in UTC with a fixed nine-digit fraction. Fixed width makes byte
// order equal time order, so the table can compare stored timestamps in
// conditions (a lease has expired when lease_until is Less than now) and sort
// keys built from them sort in time order.
const TimeLayout = "2006-01-02T15:04:05.000000000Z"

// naiveLayout reads ISO 8601 strings without an offset, as older releases
// wrote them from naive UTC datetimes.
const naiveLayout = "2006-01-02T15:04:05.999999999"

// FormatTime renders t in TimeLayout, converting it to UTC first. Use it for
// timestamps written through Update.Set, which would otherwise be marshalled
// in attributevalue's variable-width default.
func FormatTime(t time.Time) string { return t.UTC().Format(TimeLayout) }

// ParseTime reads a stored timestamp and returns it in UTC. Besides TimeLayout
// it accepts what older releases wrote: any RFC 3339 offset ("+00:00"), a
// space instead of the "T", and offset-less strings, which are taken as UTC.
// It rejects instants outside the years 0000-9999 in UTC, which TimeLayout
// cannot write back.
func ParseTime(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if len(s) > 10 && s[10] == ' ' {
		s = s[:10] + "T" + s[11:]
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		if t, err = time.Parse(naiveLayout, s); err != nil {
			return time.Time{}, fmt.Errorf("persistence: timestamp %q is not ISO 8601: %w", s, err)
		}
	}
	t = t.UTC()
	if y := t.Year(); y < 0 || y > 9999 {
		return time.Time{}, fmt.Errorf("persistence: timestamp %q is outside the years 0000-9999 in UTC", s)
	}
	return t, nil
}
