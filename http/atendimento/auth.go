package atendimento

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/http/login"
	"github.com/intake-runtime/intake/internal/redact"
	"github.com/intake-runtime/intake/persistence"
)

// localOperator is the fiber local holding the logged-in operator's number.
const localOperator = "atendimento.operator"

// codeSendTimeout bounds the background delivery of one login code.
const codeSendTimeout = 30 * time.Second

// loginForm is what the login and code pages show.
type loginForm struct {
	Phone   string
	Error   string
	Minutes int
	// Code is the code just issued, shown only with Config.ShowCodes.
	Code string
}

func (c *Console) loginPage(ctx *fiber.Ctx) error {
	return c.render(ctx, fiber.StatusOK, "login", page{Title: c.locale.T("login.title"), Page: "login", Data: loginForm{}})
}

// requestCode answers every number with the same page. For an operator's
// number that the address may ask for it also sends a code, in the
// background, so the answer comes back in the same time whether or not a
// message was sent.
func (c *Console) requestCode(ctx *fiber.Ctx) error {
	typed := ctx.FormValue("phone")
	phone, err := c.typedPhone(typed)
	if err != nil {
		return c.render(ctx, fiber.StatusBadRequest, "login", page{Title: c.locale.T("login.title"), Page: "login",
			Data: loginForm{Phone: strings.Clone(typed), Error: c.locale.T("login.bad_phone")}})
	}
	tctx, cancel := context.WithTimeout(ctx.UserContext(), c.cfg.StoreTimeout)
	defer cancel()
	allowed, err := c.allowed(tctx, phone)
	if err != nil {
		c.log.Error("operator list not read; no code issued", zap.Error(err))
	}
	code, err := c.codes.Issue(tctx, phone, c.source(ctx), allowed, c.cfg.Now())
	if err != nil {
		c.log.Error("login code not issued", zap.Error(err))
	}
	if code != "" {
		c.sendCode(phone, code)
	}
	return c.render(ctx, fiber.StatusOK, "code", page{Title: c.locale.T("code.title"), Page: "code",
		Data: loginForm{Phone: phone, Minutes: int(c.cfg.CodeTTL.Minutes()), Code: c.shownCode(code)}})
}

// typedPhone reads a number an operator typed ("(11) 90000-0000") in
// DefaultCountry, in the identity form the operator lists and the
// conversations use. The result is a new string: it may outlive the request.
func (c *Console) typedPhone(raw string) (string, error) {
	return messaging.ParseTyped(raw, c.cfg.DefaultCountry)
}

// sendCode delivers a login code to the operator's phone. With LogCodes (the
// local messaging stub, which delivers nothing) the code is also logged, so
// the emulator's operator can read it there.
func (c *Console) sendCode(phone, code string) {
	if c.cfg.LogCodes {
		c.log.Info("operator login code (the messaging stub does not deliver it)", redact.Phone("operator", phone), zap.String("code", code))
	}
	c.deliver(phone, c.locale.T("code.message", code, int(c.cfg.CodeTTL.Minutes())), "login code not delivered")
}

func (c *Console) verifyCode(ctx *fiber.Ctx) error {
	phone, err := c.typedPhone(ctx.FormValue("phone"))
	code := strings.TrimSpace(ctx.FormValue("code"))
	v, wait := login.Rejected, time.Duration(0)
	if err == nil {
		tctx, cancel := context.WithTimeout(ctx.UserContext(), c.cfg.StoreTimeout)
		var allowed bool
		if allowed, err = c.allowed(tctx, phone); err == nil {
			v, wait, err = c.codes.Verify(tctx, phone, code, c.source(ctx), allowed, c.cfg.Now())
		}
		cancel()
		if err != nil {
			c.log.Error("login code not checked", zap.Error(err))
			return c.failJSON(ctx, fiber.StatusServiceUnavailable, "unavailable", "error.login_unavailable")
		}
	}
	form := loginForm{Phone: phone, Minutes: int(c.cfg.CodeTTL.Minutes())}
	switch v {
	case login.Accepted:
		if err := c.sessions().Start(ctx, phone); err != nil {
			c.log.Error("operator session not stored", zap.Error(err))
			return c.failJSON(ctx, fiber.StatusServiceUnavailable, "unavailable", "error.session_not_stored")
		}
		c.log.Info("operator logged in", redact.Phone("operator", phone))
		c.audit(ctx, phone, persistence.AuditLogin, "", "")
		return ctx.Redirect(BasePath, fiber.StatusSeeOther)
	case login.Throttled:
		c.audit(ctx, phone, persistence.AuditLoginFailed, "", "")
		secs := int(wait.Round(time.Second) / time.Second)
		ctx.Set(fiber.HeaderRetryAfter, strconv.Itoa(max(secs, 1)))
		form.Error = c.locale.T("code.throttled", wait.Round(time.Second))
		return c.render(ctx, fiber.StatusTooManyRequests, "code", page{Title: c.locale.T("code.title"), Page: "code", Data: form})
	default:
		c.audit(ctx, phone, persistence.AuditLoginFailed, "", "")
		form.Error = c.locale.T("code.wrong")
		return c.render(ctx, fiber.StatusUnauthorized, "code", page{Title: c.locale.T("code.title"), Page: "code", Data: form})
	}
}

// logout revokes the session in the table, on every node, and clears the
// cookie.
func (c *Console) logout(ctx *fiber.Ctx) error {
	if err := c.sessions().End(ctx); err != nil {
		c.log.Error("operator session not revoked", zap.Error(err))
		return c.failJSON(ctx, fiber.StatusServiceUnavailable, "unavailable", "error.session_not_ended")
	}
	return ctx.Redirect(BasePath+"/login", fiber.StatusSeeOther)
}

// operator returns the logged-in operator of the request: a session in the
// table, neither expired nor revoked, for a number still allowed in (see
// allowed: a disabled operator's sessions end). err is a table failure,
// which is no answer either way.
func (c *Console) operator(ctx *fiber.Ctx) (phone string, ok bool, err error) {
	phone, err = c.sessions().Phone(ctx)
	if errors.Is(err, persistence.ErrNotFound) {
		return "", false, nil
	}
	if err != nil {
		c.log.Error("operator session not read", zap.Error(err))
		return "", false, err
	}
	ok, err = c.allowed(ctx.UserContext(), phone)
	if err != nil {
		c.log.Error("operator list not read", zap.Error(err))
	}
	return phone, ok, err
}

// pageAuth sends visitors without a session to the login page.
func (c *Console) pageAuth(ctx *fiber.Ctx) error {
	phone, ok, err := c.operator(ctx)
	if err != nil {
		return c.failJSON(ctx, fiber.StatusServiceUnavailable, "unavailable", "error.session_not_read")
	}
	if !ok {
		return ctx.Redirect(BasePath+"/login", fiber.StatusSeeOther)
	}
	ctx.Locals(localOperator, phone)
	return c.withStoreDeadline(ctx)
}

// apiAuth answers 401 to requests without a session, and 415 to posts that
// are not JSON: a cross-site form cannot send JSON, which backs up the
// SameSite cookie against request forgery.
func (c *Console) apiAuth(ctx *fiber.Ctx) error {
	phone, ok, err := c.operator(ctx)
	if err != nil {
		return c.failJSON(ctx, fiber.StatusServiceUnavailable, "unavailable", "error.session_not_read")
	}
	if !ok {
		return c.failJSON(ctx, fiber.StatusUnauthorized, "unauthorized", "error.unauthorized")
	}
	if ctx.Method() == fiber.MethodPost && !strings.HasPrefix(ctx.Get(fiber.HeaderContentType), fiber.MIMEApplicationJSON) {
		return c.failJSON(ctx, fiber.StatusUnsupportedMediaType, "unsupported_media_type", "error.not_json")
	}
	ctx.Locals(localOperator, phone)
	if ctx.Method() == fiber.MethodPost {
		return ctx.Next() // commands have CommandTimeout: they wait for the conversation
	}
	return c.withStoreDeadline(ctx)
}

// withStoreDeadline runs the rest of a read-only request (a page, the queue,
// a conversation) with StoreTimeout on its table reads, so a stalled table
// answers an error in time instead of holding the request.
func (c *Console) withStoreDeadline(ctx *fiber.Ctx) error {
	tctx, cancel := context.WithTimeout(ctx.UserContext(), c.cfg.StoreTimeout)
	defer cancel()
	ctx.SetUserContext(tctx)
	return ctx.Next()
}

// operatorOf reads the operator that the auth middleware stored.
func operatorOf(ctx *fiber.Ctx) string {
	phone, _ := ctx.Locals(localOperator).(string)
	return phone
}
