package settings_test

import (
	"context"
	"testing"

	"github.com/intake-runtime/intake/persistence/memory"
)

// Changes counts what a node takes in: a save here, a version another node
// saved once a refresh applies it; a refresh that finds nothing new leaves
// it as it was, which is how the runtime tells an idle period.
func TestChangesCountWhatANodeTakesIn(t *testing.T) {
	ctx := context.Background()
	table := memory.New()
	a, b := newNode(t, table), newNode(t, table)
	before := [2]uint64{a.live.Changes(), b.live.Changes()}
	if err := b.live.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if b.live.Changes() != before[1] {
		t.Errorf("a refresh with nothing new moved Changes from %d to %d", before[1], b.live.Changes())
	}
	if _, err := a.live.Save(ctx, "business", "Padaria Pão Quente", "api"); err != nil {
		t.Fatal(err)
	}
	if a.live.Changes() != before[0]+1 {
		t.Errorf("a save moved Changes from %d to %d, want one more", before[0], a.live.Changes())
	}
	if err := b.live.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if b.live.Changes() != before[1]+1 {
		t.Errorf("a refresh that applied an edit moved Changes from %d to %d, want one more", before[1], b.live.Changes())
	}
}
