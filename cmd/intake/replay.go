package main

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/fixtures"
)

const replayHelp = "Drive recorded conversations through the actors, each in its own actor system over a\n" +
	"temporary memory table, and compare every turn with its recording. Without files, the library\n" +
	"embedded in the binary is replayed. The rules read CONTENT_DIR when it is set, so edited prompts or\n" +
	"catalogue can be checked against the recordings.\n\n" +
	"Progress goes to stderr, the results table and the differences of failed fixtures to stdout.\n" +
	"Exit status: 0 when every fixture passes, 1 when one fails, 2 when a file cannot be read."

// runReplay replays fixture files, or the embedded library when none are
// named.
func runReplay(ctx context.Context, c cli, args []string) int {
	fs := flagSet("replay [file.yaml ...]", replayHelp)
	if code, ok := c.parse(fs, args, true); !ok {
		return code
	}
	cfg, ok := c.loadConfig(c.lookup)
	if !ok {
		return exitUsage
	}
	store, err := content.Open(cfg.Content.Dir)
	if err != nil {
		fmt.Fprintf(c.stderr, "intake replay: CONTENT_DIR: %v\n", err)
		return exitUsage
	}
	var list []fixtures.Fixture
	if fs.NArg() == 0 {
		list, err = fixtures.Library()
	} else {
		list, err = fixtures.LoadFiles(fs.Args()...)
	}
	if err != nil {
		fmt.Fprintf(c.stderr, "intake replay: %v\n", err)
		return exitUsage
	}
	results := fixtures.RunAll(ctx, list, fixtures.Options{
		Content:  store,
		Progress: progress(c.stderr),
	})
	writeResults(c.stdout, results)
	if len(results) < len(list) {
		fmt.Fprintf(c.stdout, "interrupted: %d of %d fixtures did not run\n", len(list)-len(results), len(list))
		return exitFailure
	}
	for _, r := range results {
		if !r.Passed {
			return exitFailure
		}
	}
	return exitOK
}

// progress prints one line per replayed fixture: "[ 3/12] name ... ok".
func progress(w io.Writer) func(done, total int, r fixtures.Result) {
	return func(done, total int, r fixtures.Result) {
		width := len(fmt.Sprint(total))
		fmt.Fprintf(w, "[%*d/%d] %s ... %s\n", width, done, total, r.Name, verdict(r))
	}
}

// writeResults prints the pass/fail table, a count, then the report of every
// failed fixture.
func writeResults(w io.Writer, results []fixtures.Result) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "FIXTURE\tTURNS\tRESULT\tTIME")
	failed := 0
	for _, r := range results {
		if !r.Passed {
			failed++
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\n", r.Name, len(r.Turns), verdict(r), r.Duration.Round(time.Millisecond))
	}
	tw.Flush()
	fmt.Fprintf(w, "fixtures: %d, passed: %d, failed: %d\n", len(results), len(results)-failed, failed)
	for _, r := range results {
		if !r.Passed {
			fmt.Fprint(w, "\n"+r.Report())
		}
	}
}

func verdict(r fixtures.Result) string {
	if r.Passed {
		return "ok"
	}
	return "FAIL"
}
