package admin

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/http/httperr"
	"github.com/intake-runtime/intake/http/login"
	"github.com/intake-runtime/intake/internal/redact"
	"github.com/intake-runtime/intake/persistence"
)

// CookieName is the admin session cookie. It is sent to /admin only and is
// not the operator's: an operator's session opens no admin page, and an
// admin's opens no console.
const CookieName = "intake_admin"

// sessionRealm keeps admin sessions apart from the operators' in the
// session table (see login.Sessions).
const sessionRealm = "admin:"

// The login routes; with the pages they are what a deployment serves of
// /admin besides the API (see runtime's development gate).
const (
	LoginPath  = "/admin/login"
	VerifyPath = "/admin/verify"
	LogoutPath = "/admin/logout"
)

// adminPhoneKey is where pageAuth leaves the logged-in admin's phone for
// the handlers (fiber Locals): who saved a setting.
const adminPhoneKey = "admin-phone"

// codeSendTimeout bounds the background delivery of one login code.
const codeSendTimeout = 30 * time.Second

// loginForm is what the login and code pages show.
type loginForm struct {
	Phone   string
	Error   string
	Minutes int
}

// isAdmin reports whether phone may run the business: an enabled person of
// the roster with role admin (ADMIN_PHONES only seeds them). The record is
// read fresh on every login and every page, so disabling or demoting an
// admin closes their session at its next request; the table is read for
// every number, admin or not, so the answer takes the same time either way.
func (h *Handler) isAdmin(ctx context.Context, phone string) (bool, error) {
	rec, err := persistence.NewOperatorRoster(h.table).Get(ctx, phone)
	switch {
	case errors.Is(err, persistence.ErrNotFound):
		return false, nil
	case err != nil:
		return false, err
	}
	return rec.Admin(), nil
}

func (h *Handler) registerLogin(r fiber.Router) {
	r.Get(LoginPath, h.loginPage)
	r.Post(LoginPath, h.requestCode)
	r.Post(VerifyPath, h.verifyCode)
	r.Post(LogoutPath, h.logout)
}

func (h *Handler) loginPage(c *fiber.Ctx) error {
	return h.pages.render(c, page{Page: "login", Data: loginForm{}})
}

// requestCode answers every number with the same page. For an admin's
// number that the address may ask for it also sends a code, in the
// background, so the answer comes back in the same time whether or not a
// message was sent.
func (h *Handler) requestCode(c *fiber.Ctx) error {
	typed := c.FormValue("phone")
	phone, err := messaging.ParseTyped(typed, h.cfg.DefaultCountry)
	if err != nil {
		c.Status(fiber.StatusBadRequest)
		return h.pages.render(c, page{Page: "login", Data: loginForm{Phone: strings.Clone(typed), Error: h.pages.loc.T("admin.login.bad_phone")}})
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), h.cfg.StoreTimeout)
	defer cancel()
	admin, err := h.isAdmin(ctx, phone)
	if err != nil {
		// Told apart from a stranger's nowhere: the page is the same.
		h.logger.Error("admin roster not read; no code issued", zap.Error(err))
	}
	code, err := h.codes.Issue(ctx, phone, login.Source(c, h.cfg.TrustedProxies), admin, h.cfg.Now())
	if err != nil {
		h.logger.Error("admin login code not issued", zap.Error(err))
	}
	if code != "" {
		h.sendCode(phone, code)
	}
	return h.pages.render(c, page{Page: "code", Data: loginForm{Phone: phone, Minutes: h.minutes()}})
}

func (h *Handler) minutes() int { return int(h.codes.TTL().Minutes()) }

// sendCode delivers a login code to the admin's phone. With LogCodes (the
// local messaging stub, which delivers nothing) the code is also logged.
func (h *Handler) sendCode(phone, code string) {
	if h.cfg.LogCodes {
		h.logger.Info("admin login code (the messaging stub does not deliver it)", redact.Phone("admin", phone), zap.String("code", code))
	}
	text := h.pages.loc.T("admin.code.message", code, h.minutes())
	h.sending.Add(1)
	go func() {
		defer h.sending.Done()
		ctx, cancel := context.WithTimeout(context.Background(), codeSendTimeout)
		defer cancel()
		res, err := h.cfg.Sender.Send(ctx, phone, text)
		if err != nil || !res.Success {
			h.logger.Warn("admin login code not delivered", zap.String("error_kind", string(res.ErrorKind)), zap.String("detail", redact.Personal(res.Detail)), zap.Error(err))
		}
	}()
}

// Close waits for the login codes still being sent. Call it after the HTTP
// server stopped taking requests.
func (h *Handler) Close() { h.sending.Wait() }

func (h *Handler) verifyCode(c *fiber.Ctx) error {
	phone, err := messaging.ParseTyped(c.FormValue("phone"), h.cfg.DefaultCountry)
	code := strings.TrimSpace(c.FormValue("code"))
	v, wait := login.Rejected, time.Duration(0)
	if err == nil {
		ctx, cancel := context.WithTimeout(c.UserContext(), h.cfg.StoreTimeout)
		var admin bool
		if admin, err = h.isAdmin(ctx, phone); err == nil {
			v, wait, err = h.codes.Verify(ctx, phone, code, login.Source(c, h.cfg.TrustedProxies), admin, h.cfg.Now())
		}
		cancel()
		if err != nil {
			h.logger.Error("admin login code not checked", zap.Error(err))
			return httperr.Write(c, fiber.StatusServiceUnavailable, "unavailable", "the login cannot be checked now; try again")
		}
	}
	form := loginForm{Phone: phone, Minutes: h.minutes()}
	switch v {
	case login.Accepted:
		if err := h.logins.Start(c, phone); err != nil {
			h.logger.Error("admin session not stored", zap.Error(err))
			return httperr.Write(c, fiber.StatusServiceUnavailable, "unavailable", "the session was not stored; try again")
		}
		h.logger.Info("admin logged in", redact.Phone("admin", phone))
		h.auditAs(c, phone, persistence.AuditAdminLogin, "", "")
		return c.Redirect("/admin", fiber.StatusSeeOther)
	case login.Throttled:
		h.auditAs(c, phone, persistence.AuditAdminFailed, "", "")
		c.Set(fiber.HeaderRetryAfter, strconv.Itoa(max(int(wait.Round(time.Second)/time.Second), 1)))
		form.Error = h.pages.loc.T("admin.code.throttled", wait.Round(time.Second))
		c.Status(fiber.StatusTooManyRequests)
	default:
		h.auditAs(c, phone, persistence.AuditAdminFailed, "", "")
		form.Error = h.pages.loc.T("admin.code.wrong")
		c.Status(fiber.StatusUnauthorized)
	}
	return h.pages.render(c, page{Page: "code", Data: form})
}

// logout revokes the session in the table, on every node, and clears the
// cookie.
func (h *Handler) logout(c *fiber.Ctx) error {
	if err := h.logins.End(c); err != nil {
		h.logger.Error("admin session not revoked", zap.Error(err))
		return httperr.Write(c, fiber.StatusServiceUnavailable, "unavailable", "the session was not ended; try again")
	}
	return c.Redirect(LoginPath, fiber.StatusSeeOther)
}

// pageAuth sends visitors without an admin session to the login page. A
// session of someone no longer an enabled admin of the roster opens
// nothing.
func (h *Handler) pageAuth(c *fiber.Ctx) error {
	if h.cfg.OpenPages {
		return c.Next()
	}
	phone, err := h.logins.Phone(c)
	admin := false
	if err == nil {
		ctx, cancel := context.WithTimeout(c.UserContext(), h.cfg.StoreTimeout)
		admin, err = h.isAdmin(ctx, phone)
		cancel()
	}
	switch {
	case errors.Is(err, persistence.ErrNotFound):
	case err != nil:
		h.logger.Error("admin session not read", zap.Error(err))
		return httperr.Write(c, fiber.StatusServiceUnavailable, "unavailable", "the session cannot be read now; try again")
	case admin:
		c.Locals(adminPhoneKey, phone)
		return c.Next()
	}
	return c.Redirect(LoginPath, fiber.StatusSeeOther)
}
