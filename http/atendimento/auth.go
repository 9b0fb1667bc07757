package atendimento

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/http/httperr"
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
	return c.render(ctx, fiber.StatusOK, "login", page{Title: "Log in", Page: "login", Data: loginForm{}})
}

// requestCode answers every number with the same page. For an operator's
// number that is not locked it also sends a code, in the background, so the
// answer comes back in the same time whether or not a message was sent.
func (c *Console) requestCode(ctx *fiber.Ctx) error {
	phone, err := messaging.NormalizeSender(ctx.FormValue("phone"))
	if err != nil {
		return c.render(ctx, fiber.StatusBadRequest, "login", page{Title: "Log in", Page: "login",
			Data: loginForm{Error: "Enter your messaging number, with country and area code."}})
	}
	code, err := c.logins.issue(phone, c.operators.Has(phone), c.cfg.Now())
	if err != nil {
		c.log.Error("login code not issued", zap.Error(err))
	}
	if code != "" {
		c.sendCode(phone, code)
	}
	return c.render(ctx, fiber.StatusOK, "code", page{Title: "Enter your code", Page: "code",
		Data: loginForm{Phone: phone, Minutes: int(c.cfg.CodeTTL.Minutes()), Code: c.shownCode(code)}})
}

// sendCode delivers a login code to the operator's phone. With LogCodes (the
// local messaging stub, which delivers nothing) the code is also logged, so
// the emulator's operator can read it there.
func (c *Console) sendCode(phone, code string) {
	if c.cfg.LogCodes {
		c.log.Info("operator login code (the messaging stub does not deliver it)", zap.String("operator", phone), zap.String("code", code))
	}
	text := fmt.Sprintf("Your Intake console code is %s. It expires in %d minutes. Nobody from the team will ever ask you for it.",
		code, int(c.cfg.CodeTTL.Minutes()))
	c.sending.Add(1)
	go func() {
		defer c.sending.Done()
		ctx, cancel := context.WithTimeout(context.Background(), codeSendTimeout)
		defer cancel()
		res, err := c.deps.Sender.Send(ctx, phone, text)
		if err != nil || !res.Success {
			c.log.Warn("login code not delivered", zap.String("error_kind", string(res.ErrorKind)), zap.String("detail", res.Detail), zap.Error(err))
		}
	}()
}

func (c *Console) verifyCode(ctx *fiber.Ctx) error {
	phone, err := messaging.NormalizeSender(ctx.FormValue("phone"))
	code := strings.TrimSpace(ctx.FormValue("code"))
	v := rejected
	if err == nil {
		v = c.logins.verify(phone, code, c.operators.Has(phone), c.cfg.Now())
	}
	form := loginForm{Phone: phone, Minutes: int(c.cfg.CodeTTL.Minutes())}
	switch v {
	case accepted:
		c.setSession(ctx, phone)
		c.log.Info("operator logged in", zap.String("operator", phone))
		return ctx.Redirect(BasePath, fiber.StatusSeeOther)
	case locked:
		form.Error = fmt.Sprintf("Too many wrong codes for this number. Wait %d minutes, then ask for a new code.", int(c.cfg.LockFor.Minutes()))
		return c.render(ctx, fiber.StatusTooManyRequests, "code", page{Title: "Enter your code", Page: "code", Data: form})
	default:
		form.Error = "That code is wrong or has expired. Check the latest message, or ask for a new code."
		return c.render(ctx, fiber.StatusUnauthorized, "code", page{Title: "Enter your code", Page: "code", Data: form})
	}
}

func (c *Console) logout(ctx *fiber.Ctx) error {
	ctx.Cookie(c.cookie("", time.Unix(0, 0)))
	return ctx.Redirect(BasePath+"/login", fiber.StatusSeeOther)
}

func (c *Console) setSession(ctx *fiber.Ctx, phone string) {
	expires := c.cfg.Now().Add(c.cfg.SessionTTL)
	ctx.Cookie(c.cookie(c.cookies.sign(phone, expires), expires))
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

// operator returns the logged-in operator of the request: a cookie with a
// valid signature, not expired, for a number still in OPERATOR_PHONES.
func (c *Console) operator(ctx *fiber.Ctx) (string, bool) {
	phone, ok := c.cookies.open(ctx.Cookies(CookieName), c.cfg.Now())
	if !ok || !c.operators.Has(phone) {
		return "", false
	}
	return phone, true
}

// pageAuth sends visitors without a session to the login page.
func (c *Console) pageAuth(ctx *fiber.Ctx) error {
	phone, ok := c.operator(ctx)
	if !ok {
		return ctx.Redirect(BasePath+"/login", fiber.StatusSeeOther)
	}
	ctx.Locals(localOperator, phone)
	return ctx.Next()
}

// apiAuth answers 401 to requests without a session, and 415 to posts that
// are not JSON: a cross-site form cannot send JSON, which backs up the
// SameSite cookie against request forgery.
func (c *Console) apiAuth(ctx *fiber.Ctx) error {
	phone, ok := c.operator(ctx)
	if !ok {
		return httperr.Write(ctx, fiber.StatusUnauthorized, "unauthorized", "log in to the console again")
	}
	if ctx.Method() == fiber.MethodPost && !strings.HasPrefix(ctx.Get(fiber.HeaderContentType), fiber.MIMEApplicationJSON) {
		return httperr.Write(ctx, fiber.StatusUnsupportedMediaType, "unsupported_media_type", "send JSON (Content-Type: application/json)")
	}
	ctx.Locals(localOperator, phone)
	return ctx.Next()
}

// operatorOf reads the operator that the auth middleware stored.
func operatorOf(ctx *fiber.Ctx) string {
	phone, _ := ctx.Locals(localOperator).(string)
	return phone
}
