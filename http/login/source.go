package login

import (
	"net/netip"
	"slices"
	"strings"

	"github.com/gofiber/fiber/v2"
)

// Source is the client address the login throttles by. Behind the trusted
// proxies it is the last X-Forwarded-For entry that no trusted proxy added:
// the entries before it are the client's own to forge, so taking the first
// would let an attacker pose as a new address at every try. Without trusted
// proxies, or from a peer that is not one, it is the peer's address.
func Source(ctx *fiber.Ctx, trusted []netip.Prefix) string {
	isTrusted := func(addr netip.Addr) bool {
		return slices.ContainsFunc(trusted, func(p netip.Prefix) bool { return p.Contains(addr) })
	}
	peer, ok := netip.AddrFromSlice(ctx.Context().RemoteIP())
	if !ok {
		return ctx.Context().RemoteIP().String()
	}
	peer = peer.Unmap()
	if !isTrusted(peer) {
		return group(peer)
	}
	hops := strings.Split(ctx.Get(fiber.HeaderXForwardedFor), ",")
	for _, hop := range slices.Backward(hops) {
		addr, err := netip.ParseAddr(strings.TrimSpace(hop))
		if err != nil {
			break // a garbled entry: what lies before it cannot be trusted either
		}
		if addr = addr.Unmap(); !isTrusted(addr) {
			return group(addr)
		}
		peer = addr
	}
	return group(peer)
}

// ipv6Group is the prefix length IPv6 clients are counted by.
const ipv6Group = 64

// group is what the throttles count addr as: an IPv4 address itself, an
// IPv6 address its /64.
func group(addr netip.Addr) string {
	if addr.Is4() {
		return addr.String()
	}
	return netip.PrefixFrom(addr.WithZone(""), ipv6Group).Masked().String()
}
