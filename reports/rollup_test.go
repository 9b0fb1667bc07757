package reports_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/reports"
)

// The scheduled rollup runs on one node per interval, and only when there
// is something to sum: a commit on this node since the last run, or a new
// day (abandonment ages). A skipped tick costs one read.
func TestTickRunsWhenThereIsSomethingToSum(t *testing.T) {
	w := newWorld(t, friday)
	w.session(t, friday.Add(-time.Hour), nil)
	tick := func(name string, wantRun bool) {
		t.Helper()
		writes, reads := w.table.Writes.Load(), w.table.Reads.Load()
		if err := w.rollup.Tick(t.Context()); err != nil {
			t.Fatal(err)
		}
		ran := w.table.Writes.Load() > writes
		if ran != wantRun {
			t.Errorf("%s: ran %v, want %v", name, ran, wantRun)
		}
		if !ran && w.table.Reads.Load()-reads != 1 {
			t.Errorf("%s: a skipped tick read %d times, want 1", name, w.table.Reads.Load()-reads)
		}
	}
	tick("the first tick ever", true)
	w.now = w.now.Add(time.Minute)
	w.rollup.Committed()
	tick("within the interval of the last run", false)
	w.now = w.now.Add(10 * time.Minute)
	tick("after the interval, with a commit since the last run", true)
	w.now = w.now.Add(10 * time.Minute)
	tick("after the interval, nothing committed", false)
	w.now = w.now.Add(12 * time.Hour)
	tick("the next day, nothing committed", true)
	if n := w.table.Scans.Load(); n != 0 {
		t.Errorf("the rollup scanned the table %d times", n)
	}
}

// Of two nodes that read the same marker, one runs.
func TestOneNodeClaimsTheRun(t *testing.T) {
	w := newWorld(t, friday)
	w.rollup.Committed()
	m, err := w.rollup.Days.Marker(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	// The other node's claim, from the marker both read.
	if ok, err := w.rollup.Days.Claim(t.Context(), m, friday.Add(time.Second)); !ok || err != nil {
		t.Fatal("the other node could not claim", err)
	}
	writes := w.table.Writes.Load()
	w.now = friday.Add(2 * time.Second)
	if err := w.rollup.Tick(t.Context()); err != nil {
		t.Fatal(err)
	}
	if w.table.Writes.Load() != writes {
		t.Error("a node ran although another had just claimed the run")
	}
}

// A day with conversations still open is summed again while it is in the
// window, so a conversation abandoned since counts; a settled day is not
// rewritten.
func TestRollupSumsUnsettledDaysAgain(t *testing.T) {
	thursday := friday.Add(-24 * time.Hour)
	w := newWorld(t, thursday)
	w.session(t, thursday.Add(-time.Hour), nil) // open, quiet from Thursday
	w.session(t, thursday.Add(-72*time.Hour), func(s *domain.Session) {
		s.State, s.ClosedAt = domain.StateClosed, ptr(thursday.Add(-71*time.Hour))
	})
	if err := w.rollup.Refresh(t.Context()); err != nil {
		t.Fatal(err)
	}
	thu := reports.Query{From: spDay("2026-11-26"), To: spDay("2026-11-26")}
	if r := w.report(t, thu); r.Total.Funnel.Abandoned != 0 || r.Total.Funnel.Conversations != 1 {
		t.Fatalf("Thursday on Thursday: %+v, want one open conversation", r.Total.Funnel)
	}
	before, err := w.rollup.Days.Range(t.Context(), "2026-11-23", "2026-11-23")
	if err != nil || len(before) != 1 {
		t.Fatal(before, err)
	}
	w.now = thursday.Add(72 * time.Hour) // Sunday: Thursday is no longer today or yesterday
	if err := w.rollup.Refresh(t.Context()); err != nil {
		t.Fatal(err)
	}
	if r := w.report(t, thu); r.Total.Funnel.Abandoned != 1 {
		t.Errorf("Thursday on Sunday: %+v, want the conversation abandoned", r.Total.Funnel)
	}
	after, err := w.rollup.Days.Range(t.Context(), "2026-11-23", "2026-11-23")
	if err != nil || !after[0].UpdatedAt.Equal(before[0].UpdatedAt) {
		t.Errorf("the settled Monday was summed again: %v then %v", before[0].UpdatedAt, after[0].UpdatedAt)
	}
}

// A deployment without traffic reads no session for its reports: once a
// day a node sums again only the days whose quiet conversations may have
// become abandoned since, and when every day is settled the daily check is
// the marker, the day items and the claim.
func TestAQuietDeploymentReadsNoSession(t *testing.T) {
	w := newWorld(t, friday)
	w.session(t, friday.Add(-time.Hour), nil) // open, quiet from Friday
	w.rollup.Committed()
	if err := w.rollup.Tick(t.Context()); err != nil {
		t.Fatal(err)
	}
	fri := reports.Query{From: spDay("2026-11-27"), To: spDay("2026-11-27")}
	quietDay := func(name string, wantReads int64, wantAbandoned int) {
		t.Helper()
		w.now = w.now.Add(24 * time.Hour)
		reads := w.table.Reads.Load()
		if err := w.rollup.Tick(t.Context()); err != nil {
			t.Fatal(err)
		}
		if got := w.table.Reads.Load() - reads; wantReads > 0 && got != wantReads || wantReads == 0 && got <= 2 {
			t.Errorf("%s: the daily tick read %d times, want %d (0: the sessions too)", name, got, wantReads)
		}
		if r := w.report(t, fri); r.Total.Funnel.Abandoned != wantAbandoned {
			t.Errorf("%s: Friday's funnel %+v, want %d abandoned", name, r.Total.Funnel, wantAbandoned)
		}
	}
	quietDay("Saturday: Friday's quiet conversation has aged", 0, 1)
	quietDay("Sunday: every day settled", 2, 1)
	quietDay("Monday: still nothing", 2, 1)
}
