package atendimento

import (
	"net/netip"
	"slices"
	"strings"

	"github.com/gofiber/fiber/v2"
)

// source is the client address the login throttles by. Behind the
// configured proxies (Config.TrustedProxies) it is the last X-Forwarded-For
// entry that no trusted proxy added: the entries before it are the client's
// own to forge, so taking the first would let an attacker pose as a new
// address at every try. Without trusted proxies, or from a peer that is not
// one, it is the peer's address.
func (c *Console) source(ctx *fiber.Ctx) string {
	peer, ok := netip.AddrFromSlice(ctx.Context().RemoteIP())
	if !ok {
		return ctx.Context().RemoteIP().String()
	}
	peer = peer.Unmap()
	if !c.trusted(peer) {
		return peer.String()
	}
	hops := strings.Split(ctx.Get(fiber.HeaderXForwardedFor), ",")
	for _, hop := range slices.Backward(hops) {
		addr, err := netip.ParseAddr(strings.TrimSpace(hop))
		if err != nil {
			break // a garbled entry: what lies before it cannot be trusted either
		}
		if addr = addr.Unmap(); !c.trusted(addr) {
			return addr.String()
		}
		peer = addr
	}
	return peer.String()
}

func (c *Console) trusted(addr netip.Addr) bool {
	return slices.ContainsFunc(c.cfg.TrustedProxies, func(p netip.Prefix) bool { return p.Contains(addr) })
}
