package httpcall

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// DefaultRateLimitWait is the wait after a 429 that says nothing about when to
// come back.
const DefaultRateLimitWait = time.Second

// dailyLimitWait stands for "not before tomorrow": longer than any sensible
// MaxRetryWait, so the caller gives up and its own backoff takes over.
const dailyLimitWait = 24 * time.Hour

// The rate-limit headers of the HubSpot-style CRM. The ERP sends none of them
// and falls back to Retry-After or the default.
const (
	headerDailyRemaining    = "X-HubSpot-RateLimit-Daily-Remaining"
	headerIntervalMillis    = "X-HubSpot-RateLimit-Interval-Milliseconds"
	headerRemaining         = "X-HubSpot-RateLimit-Remaining"
	headerSecondlyRemaining = "X-HubSpot-RateLimit-Secondly-Remaining"
)

// RetryAfter is how long a 429 answer asks the caller to wait, read in this
// order: Retry-After (delay-seconds or an HTTP date); an exhausted daily quota
// (Daily-Remaining 0: not before tomorrow); an exhausted rolling window
// (Remaining 0: its Interval-Milliseconds); an exhausted per-second window
// (Secondly-Remaining 0: one second); otherwise DefaultRateLimitWait. The
// result is between zero and a day.
func RetryAfter(h http.Header, now time.Time) time.Duration {
	if v := strings.TrimSpace(h.Get("Retry-After")); v != "" {
		if secs, err := strconv.ParseInt(v, 10, 64); err == nil && secs >= 0 {
			if secs > int64(dailyLimitWait/time.Second) {
				return dailyLimitWait
			}
			return time.Duration(secs) * time.Second
		}
		if at, err := http.ParseTime(v); err == nil {
			return min(max(at.Sub(now), 0), dailyLimitWait)
		}
	}
	if exhausted(h, headerDailyRemaining) {
		return dailyLimitWait
	}
	if exhausted(h, headerRemaining) {
		if ms, err := strconv.ParseInt(strings.TrimSpace(h.Get(headerIntervalMillis)), 10, 64); err == nil && ms > 0 &&
			ms <= int64(dailyLimitWait/time.Millisecond) {
			return time.Duration(ms) * time.Millisecond
		}
	}
	if exhausted(h, headerSecondlyRemaining) {
		return time.Second
	}
	return DefaultRateLimitWait
}

func exhausted(h http.Header, name string) bool {
	n, err := strconv.ParseInt(strings.TrimSpace(h.Get(name)), 10, 64)
	return err == nil && n <= 0
}
