package login

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/persistence"
)

// SessionStore keeps sessions in the table, so that every node accepts them
// and logout or expiry revokes them everywhere; *persistence.OperatorSessions
// implements it.
type SessionStore interface {
	Create(ctx context.Context, id string, s persistence.OperatorSession) error
	Get(ctx context.Context, id string, now time.Time) (persistence.OperatorSession, error)
	Revoke(ctx context.Context, id string) error
}

// sessionIDBytes is the entropy of a session ID: 256 bits, unguessable.
const sessionIDBytes = 32

// Sessions are one surface's logged-in sessions behind one cookie.
//
// The cookie holds a random session ID and nothing else: no number, no
// expiry, no signature that a key could forge. The session itself (its
// number and expiry) is in the table, which is what makes it revocable.
// Realm keeps surfaces apart in that one table: the ID is stored as
// Realm+ID, so a console cookie is no admin session and the reverse, even
// for a person who is both.
type Sessions struct {
	Store SessionStore
	// Cookie is the cookie's name, Path the path it is sent to.
	Cookie string
	Path   string
	// Realm prefixes the stored IDs; the console's is "" (its sessions
	// predate realms).
	Realm string
	// TTL is the life of a session; logout ends it sooner, on every node.
	TTL time.Duration
	// StoreTimeout bounds each table call.
	StoreTimeout time.Duration
	// Secure marks the cookie Secure.
	Secure bool
	Now    func() time.Time
}

// Start stores a session for phone and sets its cookie.
func (s Sessions) Start(ctx *fiber.Ctx, phone string) error {
	now := s.Now()
	id := NewSessionID()
	rec := persistence.OperatorSession{Operator: phone, CreatedAt: now, ExpiresAt: now.Add(s.TTL)}
	tctx, cancel := context.WithTimeout(ctx.UserContext(), s.StoreTimeout)
	defer cancel()
	if err := s.Store.Create(tctx, s.Realm+id, rec); err != nil {
		return err
	}
	ctx.Cookie(s.cookie(id, rec.ExpiresAt))
	return nil
}

// Phone returns the number of the request's session: one in the table, not
// expired nor revoked; persistence.ErrNotFound without one. A table failure
// is an error, not a missing session.
func (s Sessions) Phone(ctx *fiber.Ctx) (string, error) {
	id := ctx.Cookies(s.Cookie)
	if !ValidSessionID(id) {
		return "", persistence.ErrNotFound
	}
	tctx, cancel := context.WithTimeout(ctx.UserContext(), s.StoreTimeout)
	defer cancel()
	rec, err := s.Store.Get(tctx, s.Realm+id, s.Now())
	if err != nil {
		return "", err
	}
	return rec.Operator, nil
}

// End revokes the request's session, if any, and clears its cookie.
func (s Sessions) End(ctx *fiber.Ctx) error {
	ctx.Cookie(s.cookie("", time.Unix(0, 0)))
	id := ctx.Cookies(s.Cookie)
	if !ValidSessionID(id) {
		return nil
	}
	tctx, cancel := context.WithTimeout(ctx.UserContext(), s.StoreTimeout)
	defer cancel()
	if err := s.Store.Revoke(tctx, s.Realm+id); err != nil && !errors.Is(err, persistence.ErrNotFound) {
		return err
	}
	return nil
}

func (s Sessions) cookie(value string, expires time.Time) *fiber.Cookie {
	return &fiber.Cookie{
		Name:     s.Cookie,
		Value:    value,
		Path:     s.Path,
		Expires:  expires,
		HTTPOnly: true,
		SameSite: fiber.CookieSameSiteStrictMode,
		Secure:   s.Secure,
	}
}

// NewSessionID draws a session ID.
func NewSessionID() string {
	b := make([]byte, sessionIDBytes)
	_, _ = rand.Read(b) // crypto/rand.Read never fails on supported platforms
	return base64.RawURLEncoding.EncodeToString(b)
}

// ValidSessionID reports whether value can be a session ID at all, so that
// junk never reaches the table.
func ValidSessionID(value string) bool {
	b, err := base64.RawURLEncoding.Strict().DecodeString(value)
	return err == nil && len(b) == sessionIDBytes
}
