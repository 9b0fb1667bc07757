package atendimento

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/persistence"
)

// CookieName is the operator session cookie.
const CookieName = "intake_operator"

// SessionStore keeps operator sessions in the table, so that every node
// accepts them and logout or expiry revokes them everywhere;
// *persistence.OperatorSessions implements it.
type SessionStore interface {
	Create(ctx context.Context, id string, s persistence.OperatorSession) error
	Get(ctx context.Context, id string, now time.Time) (persistence.OperatorSession, error)
	Revoke(ctx context.Context, id string) error
}

// sessionIDBytes is the entropy of a session ID: 256 bits, unguessable.
const sessionIDBytes = 32

// The cookie holds a random session ID and nothing else: no number, no
// expiry, no signature that a key could forge. The session itself (its
// operator and expiry) is in the table, which is what makes it revocable.

// newSessionID draws a session ID.
func newSessionID() string {
	b := make([]byte, sessionIDBytes)
	_, _ = rand.Read(b) // crypto/rand.Read never fails on supported platforms
	return base64.RawURLEncoding.EncodeToString(b)
}

// validSessionID reports whether value can be a session ID at all, so that
// junk never reaches the table.
func validSessionID(value string) bool {
	b, err := base64.RawURLEncoding.Strict().DecodeString(value)
	return err == nil && len(b) == sessionIDBytes
}

// startSession stores a session for phone and sets its cookie.
func (c *Console) startSession(ctx *fiber.Ctx, phone string) error {
	now := c.cfg.Now()
	id := newSessionID()
	s := persistence.OperatorSession{Operator: phone, CreatedAt: now, ExpiresAt: now.Add(c.cfg.SessionTTL)}
	tctx, cancel := context.WithTimeout(ctx.UserContext(), c.cfg.StoreTimeout)
	defer cancel()
	if err := c.deps.OperatorSessions.Create(tctx, id, s); err != nil {
		return err
	}
	ctx.Cookie(c.cookie(id, s.ExpiresAt))
	return nil
}

// session returns the operator of the request's cookie: a session in the
// table, not expired nor revoked. A table failure is an error, not a
// missing session.
func (c *Console) session(ctx *fiber.Ctx) (string, error) {
	id := ctx.Cookies(CookieName)
	if !validSessionID(id) {
		return "", persistence.ErrNotFound
	}
	tctx, cancel := context.WithTimeout(ctx.UserContext(), c.cfg.StoreTimeout)
	defer cancel()
	s, err := c.deps.OperatorSessions.Get(tctx, id, c.cfg.Now())
	if err != nil {
		return "", err
	}
	return s.Operator, nil
}

// endSession revokes the request's session, if any, and clears its cookie.
func (c *Console) endSession(ctx *fiber.Ctx) error {
	ctx.Cookie(c.cookie("", time.Unix(0, 0)))
	id := ctx.Cookies(CookieName)
	if !validSessionID(id) {
		return nil
	}
	tctx, cancel := context.WithTimeout(ctx.UserContext(), c.cfg.StoreTimeout)
	defer cancel()
	if err := c.deps.OperatorSessions.Revoke(tctx, id); err != nil && !errors.Is(err, persistence.ErrNotFound) {
		return err
	}
	return nil
}

func (c *Console) cookie(value string, expires time.Time) *fiber.Cookie {
	return &fiber.Cookie{
		Name:     CookieName,
		Value:    value,
		Path:     BasePath,
		Expires:  expires,
		HTTPOnly: true,
		SameSite: fiber.CookieSameSiteStrictMode,
		Secure:   c.cfg.SecureCookie,
	}
}
