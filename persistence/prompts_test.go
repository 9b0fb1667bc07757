package persistence_test

import (
	"context"
	"sync"
	"testing"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// Each Add is the next version and current at once; the history keeps them
// all, oldest first, and one agent's versions are not another's.
func TestPromptVersions(t *testing.T) {
	ctx := context.Background()
	prompts := persistence.NewPrompts(newTable(t))
	if v, err := prompts.Current(ctx, domain.AgentTriage); err != nil || v.Version != 0 {
		t.Fatalf("Current before any version = %+v, %v; want version 0", v, err)
	}
	texts := []string{"v1", "v2", "v3"} // three versions page through smallPages
	for i, text := range texts {
		n, err := prompts.Add(ctx, domain.AgentTriage, text, t0.In(brasilia))
		must(t, err)
		if n != i+1 {
			t.Errorf("Add %q = version %d, want %d", text, n, i+1)
		}
	}
	current, err := prompts.Current(ctx, domain.AgentTriage)
	must(t, err)
	if current.Version != 3 || current.Text != "v3" || current.CreatedAt.Location().String() != "UTC" {
		t.Errorf("Current = %+v, want version 3, v3, created in UTC", current)
	}
	history, err := prompts.History(ctx, domain.AgentTriage)
	must(t, err)
	if len(history) != 3 || history[0].Text != "v1" || history[2].Version != 3 {
		t.Errorf("History = %+v", history)
	}
	if other, err := prompts.History(ctx, domain.AgentQualifier); err != nil || len(other) != 0 {
		t.Errorf("QUALIFIER history = %+v, %v; want none", other, err)
	}
}

// Editors racing over one table each get a version of their own, and the
// last version is current.
func TestPromptAddRaces(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	const editors = 6
	var wg sync.WaitGroup
	versions := make(chan int, editors)
	for range editors {
		wg.Go(func() {
			n, err := persistence.NewPrompts(table).Add(ctx, domain.AgentRegistrar, "v", t0)
			if err != nil {
				t.Error(err)
			}
			versions <- n
		})
	}
	wg.Wait()
	close(versions)
	seen := map[int]bool{}
	for n := range versions {
		if seen[n] {
			t.Errorf("version %d given twice", n)
		}
		seen[n] = true
	}
	current, err := persistence.NewPrompts(table).Current(ctx, domain.AgentRegistrar)
	must(t, err)
	if current.Version != editors {
		t.Errorf("current version %d, want %d", current.Version, editors)
	}
}
