package atendimento

import (
	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/login"
)

// CookieName is the operator session cookie.
const CookieName = "intake_operator"

// LoginStore keeps login codes and wrong-code counters (see package login);
// *persistence.Logins implements it.
type LoginStore = login.Store

// SessionStore keeps operator sessions (see package login);
// *persistence.OperatorSessions implements it.
type SessionStore = login.SessionStore

// rules are the console's login limits, from its Config.
func (c Config) rules() login.Rules { return c.Rules }

// sessions are the operators' sessions: cookie CookieName on BasePath.
func (c *Console) sessions() login.Sessions {
	return login.Sessions{
		Store: c.deps.OperatorSessions, Cookie: CookieName, Path: BasePath, TTL: c.cfg.SessionTTL,
		StoreTimeout: c.cfg.StoreTimeout, Secure: c.cfg.SecureCookie, Now: c.cfg.Now,
	}
}

// source is the client address the login throttles by (login.Source behind
// Config.TrustedProxies).
func (c *Console) source(ctx *fiber.Ctx) string { return login.Source(ctx, c.cfg.TrustedProxies) }
