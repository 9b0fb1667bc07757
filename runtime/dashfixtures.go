package runtime

import (
	"context"
	"fmt"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/fixtures"
	"github.com/intake-runtime/intake/http/dashboard"
)

// dashboardFixtures is the dashboard's fixture harness: the recorded
// conversations embedded in the binary, replayed against the running
// content (so an edit that breaks a recording shows up) with the replay
// harness's own memory table, never the application's.
func (a *App) dashboardFixtures() dashboard.Fixtures {
	// Recordings exercise failure paths on purpose, so their warnings are
	// expected and a failed replay shows its diffs on the page: only errors
	// (a harness that breaks) are worth the live log.
	return fixtureRunner{content: a.content, logger: a.logger.Named("fixtures").WithOptions(zap.IncreaseLevel(zap.ErrorLevel))}
}

// fixtureRunner adapts package fixtures to dashboard.Fixtures.
type fixtureRunner struct {
	content *content.Store
	logger  *zap.Logger
}

func (r fixtureRunner) List(context.Context) ([]dashboard.FixtureSummary, error) {
	library, err := fixtures.Library()
	if err != nil {
		return nil, err
	}
	out := make([]dashboard.FixtureSummary, len(library))
	for i, f := range library {
		out[i] = dashboard.FixtureSummary{Name: f.Name, Description: f.Description, Turns: len(f.Turns)}
	}
	return out, nil
}

func (r fixtureRunner) Run(ctx context.Context, name string) (dashboard.FixtureResult, error) {
	library, err := fixtures.Library()
	if err != nil {
		return dashboard.FixtureResult{}, err
	}
	for _, f := range library {
		if f.Name == name {
			return fixtureResult(fixtures.Run(ctx, f, r.options())), nil
		}
	}
	return dashboard.FixtureResult{}, fmt.Errorf("%w: %q", dashboard.ErrUnknownFixture, name)
}

func (r fixtureRunner) RunAll(ctx context.Context) ([]dashboard.FixtureResult, error) {
	library, err := fixtures.Library()
	if err != nil {
		return nil, err
	}
	results := fixtures.RunAll(ctx, library, r.options())
	out := make([]dashboard.FixtureResult, len(results))
	for i, res := range results {
		out[i] = fixtureResult(res)
	}
	return out, nil
}

func (r fixtureRunner) options() fixtures.Options {
	return fixtures.Options{Content: r.content, Logger: r.logger}
}

// fixtureResult flattens a replay's diffs into lines that name their turn;
// the harness's full result rides along as the report.
func fixtureResult(res fixtures.Result) dashboard.FixtureResult {
	out := dashboard.FixtureResult{
		Name:       res.Name,
		Passed:     res.Passed,
		Diffs:      []string{},
		DurationMS: res.Duration.Milliseconds(),
		Report:     res,
	}
	for _, d := range res.Diffs {
		out.Diffs = append(out.Diffs, d.String())
	}
	for _, t := range res.Turns {
		for _, d := range t.Diffs {
			out.Diffs = append(out.Diffs, fmt.Sprintf("turn %d: %s", t.Index, d.String()))
		}
	}
	return out
}
