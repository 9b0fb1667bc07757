package login_test

import (
	"io"
	"net/http/httptest"
	"net/netip"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/login"
)

// The login throttles by the address the trusted proxies forwarded; what a
// client writes into X-Forwarded-For itself is never taken.
func TestSourceAddress(t *testing.T) {
	fiberTest := netip.MustParsePrefix("0.0.0.0/32") // app.Test's peer
	lb := netip.MustParsePrefix("10.0.0.0/8")
	cases := []struct {
		name    string
		proxies []netip.Prefix
		xff     string
		want    string
	}{
		{"no proxies: the peer, XFF ignored", nil, "203.0.113.5", "0.0.0.0"},
		{"behind the proxy", []netip.Prefix{fiberTest}, "203.0.113.5", "203.0.113.5"},
		{"forged entries before the real one", []netip.Prefix{fiberTest}, "1.2.3.4, 198.51.100.9, 203.0.113.5", "203.0.113.5"},
		{"two trusted hops", []netip.Prefix{fiberTest, lb}, "1.2.3.4, 203.0.113.5, 10.1.2.3", "203.0.113.5"},
		{"garbled entry", []netip.Prefix{fiberTest, lb}, "203.0.113.5, junk, 10.1.2.3", "10.1.2.3"},
		{"no header", []netip.Prefix{fiberTest}, "", "0.0.0.0"},
		{"IPv6 by its /64", []netip.Prefix{fiberTest}, "2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"},
		{"another address of the same /64", []netip.Prefix{fiberTest}, "2001:db8:1:2::1", "2001:db8:1:2::/64"},
		{"the next /64 apart", []netip.Prefix{fiberTest}, "2001:db8:1:3::1", "2001:db8:1:3::/64"},
		{"IPv4-mapped IPv6 as IPv4", []netip.Prefix{fiberTest}, "::ffff:203.0.113.5", "203.0.113.5"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			app := fiber.New()
			app.Get("/", func(ctx *fiber.Ctx) error { return ctx.SendString(login.Source(ctx, tc.proxies)) })
			req := httptest.NewRequest("GET", "/", nil)
			if tc.xff != "" {
				req.Header.Set(fiber.HeaderXForwardedFor, tc.xff)
			}
			res, err := app.Test(req)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if string(got) != tc.want {
				t.Errorf("source = %q, want %q", got, tc.want)
			}
		})
	}
}
