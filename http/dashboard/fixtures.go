package dashboard

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/http/httperr"
)

// ErrUnknownFixture reports a fixture name no recorded conversation has.
var ErrUnknownFixture = errors.New("dashboard: unknown fixture")

// FixtureSummary names one recorded conversation.
type FixtureSummary struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	Turns       int    `json:"turns"`
}

// FixtureResult is the outcome of one replay.
type FixtureResult struct {
	Name   string `json:"name"`
	Passed bool   `json:"passed"`
	// Diffs are the differences between what was expected and what
	// happened, one per entry, each naming its turn and field; empty when
	// the replay passed.
	Diffs []string `json:"diffs"`
	// Error is why the replay could not run to its end, if it could not.
	Error      string `json:"error,omitempty"`
	DurationMS int64  `json:"duration_ms"`
	// Report is the replay harness's own, complete result.
	Report any `json:"report,omitempty"`
}

// Fixtures replays recorded conversations through the actors against a
// temporary in-memory table, never the application's own table.
type Fixtures interface {
	List(ctx context.Context) ([]FixtureSummary, error)
	// Run replays one fixture; it is ErrUnknownFixture (wrapped) for a name
	// that no fixture has.
	Run(ctx context.Context, name string) (FixtureResult, error)
	RunAll(ctx context.Context) ([]FixtureResult, error)
}

// fixtureTimeout bounds a replay request: replays answer from recordings,
// so this is only a guard against a wedged harness.
const fixtureTimeout = 2 * time.Minute

// FixtureRun is the answer of the run routes: the results and their tally.
type FixtureRun struct {
	Results []FixtureResult `json:"results"`
	Passed  int             `json:"passed"`
	Failed  int             `json:"failed"`
}

func tally(results []FixtureResult) FixtureRun {
	run := FixtureRun{Results: results}
	if run.Results == nil {
		run.Results = []FixtureResult{}
	}
	for _, r := range results {
		if r.Passed {
			run.Passed++
		} else {
			run.Failed++
		}
	}
	return run
}

// fixtures serves GET /dashboard/fixtures: {"fixtures": [...]}.
func (h *Handler) fixtures(c *fiber.Ctx) error {
	if h.deps.Fixtures == nil {
		return fixturesUnavailable(c)
	}
	list, err := h.deps.Fixtures.List(c.UserContext())
	if err != nil {
		h.logger.Error("fixtures not loaded", zap.Error(err))
		return httperr.Write(c, fiber.StatusInternalServerError, "fixtures_unreadable", err.Error())
	}
	if list == nil {
		list = []FixtureSummary{}
	}
	return c.JSON(fiber.Map{"fixtures": list})
}

// runFixture serves POST /dashboard/run-fixture/{name}: a FixtureRun with
// one result. A failing replay is still 200: it ran, and its diffs are the
// answer.
func (h *Handler) runFixture(c *fiber.Ctx) error {
	if h.deps.Fixtures == nil {
		return fixturesUnavailable(c)
	}
	name := strings.Clone(c.Params("name"))
	ctx, cancel := context.WithTimeout(c.UserContext(), fixtureTimeout)
	defer cancel()
	res, err := h.deps.Fixtures.Run(ctx, name)
	if errors.Is(err, ErrUnknownFixture) {
		return httperr.Write(c, fiber.StatusNotFound, "unknown_fixture", "no fixture named "+name)
	}
	if err != nil {
		h.logger.Error("fixture replay failed", zap.String("fixture", name), zap.Error(err))
		return httperr.Write(c, fiber.StatusInternalServerError, "replay_failed", err.Error())
	}
	h.logger.Info("fixture replayed", zap.String("fixture", name), zap.Bool("passed", res.Passed), zap.Int("diffs", len(res.Diffs)))
	return c.JSON(tally([]FixtureResult{res}))
}

// runAllFixtures serves POST /dashboard/run-all-fixtures: a FixtureRun with
// every fixture's result.
func (h *Handler) runAllFixtures(c *fiber.Ctx) error {
	if h.deps.Fixtures == nil {
		return fixturesUnavailable(c)
	}
	ctx, cancel := context.WithTimeout(c.UserContext(), fixtureTimeout)
	defer cancel()
	results, err := h.deps.Fixtures.RunAll(ctx)
	if err != nil {
		h.logger.Error("fixture replays failed", zap.Error(err))
		return httperr.Write(c, fiber.StatusInternalServerError, "replay_failed", err.Error())
	}
	run := tally(results)
	h.logger.Info("fixtures replayed", zap.Int("passed", run.Passed), zap.Int("failed", run.Failed))
	return c.JSON(run)
}

func fixturesUnavailable(c *fiber.Ctx) error {
	return httperr.Write(c, fiber.StatusServiceUnavailable, "fixtures_unavailable", "no fixture harness is configured in this process")
}
