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
