package smoke

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/intake-runtime/intake/internal/redact"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/runtime/config"
)

// Modes.
const (
	Preflight = "preflight"
	Real      = "real"
)

// Targets, in the order they are run and listed.
const (
	Messaging = "messaging"
	LLM       = "llm"
	CRM       = "crm"
	ERP       = "erp"
	Handoff   = "handoff"
	Table     = "table"
)

var targets = []string{Messaging, LLM, CRM, ERP, Handoff, Table}

// ErrUnknown reports a target or mode that does not exist.
var ErrUnknown = errors.New("smoke: unknown target or mode")

// Result is the outcome of one smoke.
type Result struct {
	Target string
	Mode   string
	OK     bool
	// Detail says what was checked or called and what came back.
	Detail string
}

// Deps are the live components smokes read, beside the configuration.
type Deps struct {
	// Table is the application's table.
	Table persistence.Table
	// TableName describes it for details ("in-memory table", "DynamoDB
	// table intake in us-east-1").
	TableName string
	// Messaging, CRM and ERP are the application's clients of the enabled
	// adapters, so a real smoke probes what serves customers. Nil where the
	// application runs none that can probe: the real smoke makes no call.
	Messaging, CRM, ERP Prober
	// HTTP makes the model's real call; nil uses a client with a 15-second
	// timeout.
	HTTP *http.Client
	// Fallbacks are the adapters configured on that run as their local stub
	// anyway (the emulator's fallback for missing credentials), by flag, with
	// the variables they lack: their smokes say the flag was true.
	Fallbacks map[string][]string
}

// Checker runs smokes. It is safe for concurrent use.
type Checker struct {
	cfg  config.Config
	deps Deps
}

// New returns the Checker of cfg.
func New(cfg config.Config, deps Deps) *Checker {
	if deps.HTTP == nil {
		deps.HTTP = &http.Client{Timeout: 15 * time.Second}
	}
	return &Checker{cfg: cfg, deps: deps}
}

// Targets lists the smoke targets.
func (c *Checker) Targets() []string { return slices.Clone(targets) }

// Run runs one smoke. A failed check is a Result with OK false; the error is
// only for an unknown target or mode.
func (c *Checker) Run(ctx context.Context, target, mode string) (Result, error) {
	if mode != Preflight && mode != Real {
		return Result{}, fmt.Errorf("%w: mode %q (use %s or %s)", ErrUnknown, mode, Preflight, Real)
	}
	var run func(context.Context, bool) (bool, string)
	switch target {
	case Messaging:
		run = c.messaging
	case LLM:
		run = c.llm
	case CRM:
		run = c.crm
	case ERP:
		run = c.erp
	case Handoff:
		run = c.handoff
	case Table:
		run = c.table
	default:
		return Result{}, fmt.Errorf("%w: target %q (use %s)", ErrUnknown, target, strings.Join(targets, ", "))
	}
	ok, detail := run(ctx, mode == Real)
	return Result{Target: target, Mode: mode, OK: ok, Detail: c.redact().String(detail)}, nil
}

// redact cleans a detail of every configured secret and anything shaped
// like one (internal/redact): the smokes call providers whose errors may
// echo the key, and the detail is shown and logged.
func (c *Checker) redact() redact.Redactor {
	return redact.New(c.cfg.LLM.APIKey.Reveal(), c.cfg.Messaging.AccessToken.Reveal(), c.cfg.Messaging.AppSecret.Reveal(),
		c.cfg.Messaging.VerifyToken.Reveal(), c.cfg.CRM.AccessToken.Reveal(), c.cfg.ERP.AccessToken.Reveal(),
		c.cfg.Admin.APIKey.Reveal(), c.cfg.Metrics.Token.Reveal())
}

// stub is the detail of an adapter that runs as its local stub: turned off by
// its flag, or substituted for lack of credentials (Deps.Fallbacks).
func (c *Checker) stub(flag, what string) string {
	if missing, ok := c.deps.Fallbacks[flag]; ok {
		return "local stub: " + flag + "=true, but " + strings.Join(missing, ", ") + " missing, so the emulator runs the stub; " + what
	}
	return flag + "=false: " + what
}

// settings collects what a preflight found missing.
type settings struct{ missing []string }

func (s *settings) need(name string, set bool) {
	if !set {
		s.missing = append(s.missing, name)
	}
}

func (s *settings) needURL(name, raw string) {
	if err := checkURL(raw); err != nil {
		s.missing = append(s.missing, name+" ("+err.Error()+")")
	}
}

// verdict is a preflight's answer: what is missing, or ok with good.
func (s *settings) verdict(good string) (bool, string) {
	if len(s.missing) > 0 {
		return false, "missing or invalid: " + strings.Join(s.missing, ", ")
	}
	return true, good
}

// realOnlyAfter runs call when real is asked and the preflight passed;
// otherwise it answers the preflight, saying no call was made.
func realOnlyAfter(real bool, ok bool, detail string, call func() (bool, string)) (bool, string) {
	if !real {
		return ok, detail
	}
	if !ok {
		return false, "no call made: " + detail
	}
	return call()
}

// setOrNot describes a credential without showing it.
func setOrNot(s config.Secret) string {
	if s.Reveal() == "" {
		return "not set"
	}
	return "set"
}
