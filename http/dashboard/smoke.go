package dashboard

import (
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/http/httperr"
)

// Smoke modes (form field mode).
const (
	// ModePreflight checks an adapter's settings without any side effect.
	ModePreflight = "preflight"
	// ModeReal makes one harmless real call and says which.
	ModeReal = "real"
)

// SmokeResult is the answer of one smoke. Detail says what was checked or
// called; it never holds a secret.
type SmokeResult struct {
	Target string `json:"target"`
	Mode   string `json:"mode"`
	OK     bool   `json:"ok"`
	Detail string `json:"detail"`
}

// Smokes checks the configured adapters (messaging, llm, crm, erp, handoff,
// table). Implementations are safe for concurrent use; a failed check is a
// result with OK false, an error means the check could not be asked (unknown
// target or mode).
type Smokes interface {
	Targets() []string
	Run(ctx context.Context, target, mode string) (SmokeResult, error)
}

// smokeTimeout bounds one smoke, real calls included.
const smokeTimeout = 30 * time.Second

// smokeTargets serves GET /dashboard/smokes: the targets and modes.
func (h *Handler) smokeTargets(c *fiber.Ctx) error {
	if h.deps.Smokes == nil {
		return smokesUnavailable(c)
	}
	return c.JSON(fiber.Map{"targets": h.deps.Smokes.Targets(), "modes": []string{ModePreflight, ModeReal}})
}

// runSmoke serves POST /dashboard/run-smoke/{target} (form field mode,
// default preflight): {"target","mode","ok","detail"}.
func (h *Handler) runSmoke(c *fiber.Ctx) error {
	if h.deps.Smokes == nil {
		return smokesUnavailable(c)
	}
	mode, ok := smokeMode(c)
	if !ok {
		return badMode(c)
	}
	target := strings.ToLower(strings.Clone(c.Params("target")))
	if !slices.Contains(h.deps.Smokes.Targets(), target) {
		return httperr.Write(c, fiber.StatusNotFound, "unknown_target",
			"no smoke target "+target+"; targets: "+strings.Join(h.deps.Smokes.Targets(), ", "))
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), smokeTimeout)
	defer cancel()
	res, err := h.deps.Smokes.Run(ctx, target, mode)
	if err != nil {
		return httperr.Write(c, fiber.StatusBadRequest, "smoke_refused", err.Error())
	}
	h.logSmoke(res)
	return c.JSON(res)
}

// runAllSmokes serves POST /dashboard/run-all-smokes (form field mode): a
// list of results in target order. The targets run concurrently, each
// within its own time bound, so one slow provider does not stall the rest.
func (h *Handler) runAllSmokes(c *fiber.Ctx) error {
	if h.deps.Smokes == nil {
		return smokesUnavailable(c)
	}
	mode, ok := smokeMode(c)
	if !ok {
		return badMode(c)
	}
	targets := h.deps.Smokes.Targets()
	results := make([]SmokeResult, len(targets))
	ctx, cancel := context.WithTimeout(c.UserContext(), smokeTimeout)
	defer cancel()
	var wg sync.WaitGroup
	for i, target := range targets {
		wg.Go(func() {
			res, err := h.deps.Smokes.Run(ctx, target, mode)
			if err != nil {
				res = SmokeResult{Target: target, Mode: mode, Detail: err.Error()}
			}
			results[i] = res
		})
	}
	wg.Wait()
	for _, res := range results {
		h.logSmoke(res)
	}
	return c.JSON(results)
}

func (h *Handler) logSmoke(res SmokeResult) {
	h.logger.Info("smoke run", zap.String("target", res.Target), zap.String("mode", res.Mode),
		zap.Bool("ok", res.OK), zap.String("detail", res.Detail))
}

// smokeMode reads the form field mode; empty is preflight, the harmless one.
func smokeMode(c *fiber.Ctx) (string, bool) {
	switch mode := strings.ToLower(strings.TrimSpace(c.FormValue("mode"))); mode {
	case "", ModePreflight:
		return ModePreflight, true
	case ModeReal:
		return ModeReal, true
	default:
		return "", false
	}
}

func badMode(c *fiber.Ctx) error {
	return httperr.Write(c, fiber.StatusBadRequest, "invalid_mode", "mode must be preflight (the default) or real")
}

func smokesUnavailable(c *fiber.Ctx) error {
	return httperr.Write(c, fiber.StatusServiceUnavailable, "smokes_unavailable", "no adapter smokes are configured in this process")
}
