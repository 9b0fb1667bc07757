package httpcall_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/intake-runtime/intake/internal/httpcall"
)

func TestRetryAfter(t *testing.T) {
	now := time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		header map[string]string
		want   time.Duration
	}{
		{name: "nothing", want: httpcall.DefaultRateLimitWait},
		{name: "seconds", header: map[string]string{"Retry-After": "7"}, want: 7 * time.Second},
		{name: "zero seconds", header: map[string]string{"Retry-After": "0"}, want: 0},
		{name: "HTTP date", header: map[string]string{"Retry-After": now.Add(90 * time.Second).Format(http.TimeFormat)}, want: 90 * time.Second},
		{name: "past date", header: map[string]string{"Retry-After": now.Add(-time.Hour).Format(http.TimeFormat)}, want: 0},
		{name: "garbage", header: map[string]string{"Retry-After": "soon"}, want: httpcall.DefaultRateLimitWait},
		{name: "huge seconds", header: map[string]string{"Retry-After": "99999999999"}, want: 24 * time.Hour},
		{
			name: "Retry-After wins over the window",
			header: map[string]string{"Retry-After": "3", "X-HubSpot-RateLimit-Remaining": "0",
				"X-HubSpot-RateLimit-Interval-Milliseconds": "10000"},
			want: 3 * time.Second,
		},
		{name: "daily quota spent", header: map[string]string{"X-HubSpot-RateLimit-Daily-Remaining": "0"}, want: 24 * time.Hour},
		{
			name:   "rolling window spent",
			header: map[string]string{"X-HubSpot-RateLimit-Remaining": "0", "X-HubSpot-RateLimit-Interval-Milliseconds": "10000"},
			want:   10 * time.Second,
		},
		{
			name:   "rolling window left",
			header: map[string]string{"X-HubSpot-RateLimit-Remaining": "5", "X-HubSpot-RateLimit-Interval-Milliseconds": "10000"},
			want:   httpcall.DefaultRateLimitWait,
		},
		{name: "secondly window spent", header: map[string]string{"X-HubSpot-RateLimit-Secondly-Remaining": "0"}, want: time.Second},
	}
	for _, tt := range tests {
		h := http.Header{}
		for k, v := range tt.header {
			h.Set(k, v)
		}
		if got := httpcall.RetryAfter(h, now); got != tt.want {
			t.Errorf("%s: RetryAfter = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func FuzzRetryAfter(f *testing.F) {
	for _, seed := range []string{"7", "0", "-1", "Wed, 21 Oct 2015 07:28:00 GMT", "Fri, 31 Dec 9999 23:59:59 GMT", "1e9", "99999999999999999999"} {
		f.Add(seed, "0", "10000")
	}
	now := time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, retryAfter, remaining, interval string) {
		h := http.Header{}
		h.Set("Retry-After", retryAfter)
		h.Set("X-HubSpot-RateLimit-Remaining", remaining)
		h.Set("X-HubSpot-RateLimit-Interval-Milliseconds", interval)
		if got := httpcall.RetryAfter(h, now); got < 0 || got > 24*time.Hour {
			t.Fatalf("RetryAfter = %v", got)
		}
	})
}
