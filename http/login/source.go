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
		return peer.String()
	}
	hops := strings.Split(ctx.Get(fiber.HeaderXForwardedFor), ",")
	for _, hop := range slices.Backward(hops) {
		addr, err := netip.ParseAddr(strings.TrimSpace(hop))
		if err != nil {
			break // a garbled entry: what lies before it cannot be trusted either
		}
		if addr = addr.Unmap(); !isTrusted(addr) {
			return addr.String()
		}
		peer = addr
	}
	return peer.String()
}
