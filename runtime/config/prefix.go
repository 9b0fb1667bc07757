package config

import (
	"net/netip"
	"strings"
)

// ParsePrefix reads an IP address (a prefix of its full length) or a CIDR,
// as HTTP_TRUSTED_PROXIES lists them.
func ParsePrefix(s string) (netip.Prefix, error) {
	s = strings.TrimSpace(s)
	if strings.Contains(s, "/") {
		p, err := netip.ParsePrefix(s)
		return p.Masked(), err
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Prefix{}, err
	}
	return netip.PrefixFrom(a, a.BitLen()), nil
}

// widestProxyRange is the shortest prefix HTTP_TRUSTED_PROXIES accepts for
// p's family: /8 for IPv4 (a cloud's private range fits), /32 for IPv6 (a
// provider's allocation). Anything wider trusts forwarded addresses from
// far outside one's own network, and a forged X-Forwarded-For then counts
// as a new client at every try.
func widestProxyRange(p netip.Prefix) int {
	if p.Addr().Is4() {
		return 8
	}
	return 32
}
