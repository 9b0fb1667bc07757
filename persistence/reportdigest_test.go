package persistence_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// One claim per week: a second node finds the week marked; a release after a
// failed send frees it, but only the claim that holds it.
func TestReportDigestOneClaimPerWeek(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2025, 3, 10, 11, 0, 0, 0, time.UTC)
	d := persistence.NewReportDigests(memory.New(memory.WithClock(func() time.Time { return at })))
	token, err := d.Claim(ctx, "2025-W10", at)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Claim(ctx, "2025-W10", at.Add(time.Minute)); !errors.Is(err, persistence.ErrConflict) {
		t.Fatalf("second claim = %v, want ErrConflict", err)
	}
	if _, err := d.Claim(ctx, "2025-W11", at); err != nil {
		t.Errorf("another week: %v", err)
	}
	if err := d.Release(ctx, "2025-W10", "someone else's"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Claim(ctx, "2025-W10", at); !errors.Is(err, persistence.ErrConflict) {
		t.Error("a stranger's release freed the week")
	}
	if err := d.Release(ctx, "2025-W10", token); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Claim(ctx, "2025-W10", at.Add(time.Hour)); err != nil {
		t.Errorf("claim after release: %v", err)
	}
}
