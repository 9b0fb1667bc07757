package persistence_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

var triagePrompt = persistence.PromptDoc(string(domain.AgentTriage))

// Each Add is the next version and current at once; the history keeps them
// all, oldest first, and one document's versions are not another's.
func TestVersionsAddCurrentHistory(t *testing.T) {
	ctx := context.Background()
	versions := persistence.NewVersions(newTable(t))
	if v, err := versions.Current(ctx, triagePrompt); err != nil || v.Version != 0 {
		t.Fatalf("Current before any version = %+v, %v; want version 0", v, err)
	}
	texts := []string{"v1", "v2", "v3"} // three versions page through smallPages
	for i, text := range texts {
		n, err := versions.Add(ctx, triagePrompt, persistence.Edit{Text: text, Author: "5511988887777", At: t0.In(brasilia)})
		must(t, err)
		if n != i+1 {
			t.Errorf("Add %q = version %d, want %d", text, n, i+1)
		}
	}
	current, err := versions.Current(ctx, triagePrompt)
	must(t, err)
	if current.Version != 3 || current.Text != "v3" || current.Author != "5511988887777" || current.CreatedAt.Location().String() != "UTC" {
		t.Errorf("Current = %+v, want version 3, v3, its author, created in UTC", current)
	}
	history, err := versions.History(ctx, triagePrompt)
	must(t, err)
	if len(history) != 3 || history[0].Text != "v1" || history[2].Version != 3 {
		t.Errorf("History = %+v", history)
	}
	if other, err := versions.History(ctx, "catalogue"); err != nil || len(other) != 0 {
		t.Errorf("catalogue history = %+v, %v; want none", other, err)
	}
}

// A restore is a new version with the old text: the history only grows and
// says what was restored.
func TestVersionsRestore(t *testing.T) {
	ctx := context.Background()
	versions := persistence.NewVersions(newTable(t))
	for _, text := range []string{"first", "second"} {
		_, err := versions.Add(ctx, "business", persistence.Edit{Text: text, At: t0})
		must(t, err)
	}
	n, err := versions.Restore(ctx, "business", 1, "api", t0)
	must(t, err)
	current, err := versions.Current(ctx, "business")
	must(t, err)
	if n != 3 || current.Text != "first" || current.RestoredFrom != 1 || current.Author != "api" {
		t.Errorf("after restoring 1: version %d, current %+v; want version 3 with the first text", n, current)
	}
	if _, err := versions.Restore(ctx, "business", 9, "api", t0); !errors.Is(err, persistence.ErrNotFound) {
		t.Errorf("restore of a version never stored: %v, want ErrNotFound", err)
	}
}

// The index names the current version of every document edited, in one
// read, prompts included.
func TestVersionsIndex(t *testing.T) {
	ctx := context.Background()
	versions := persistence.NewVersions(newTable(t))
	index, err := versions.Index(ctx)
	if err != nil || len(index) != 0 {
		t.Fatalf("index of an empty table = %v, %v; want empty", index, err)
	}
	edits := map[string]int{triagePrompt: 2, "catalogue": 1, "knowledge/cadastro-pj": 3}
	for doc, times := range edits {
		for range times {
			_, err := versions.Add(ctx, doc, persistence.Edit{Text: doc, At: t0})
			must(t, err)
		}
	}
	index, err = versions.Index(ctx)
	must(t, err)
	if len(index) != len(edits) {
		t.Errorf("index = %v, want %v", index, edits)
	}
	for doc, want := range edits {
		if index[doc] != want {
			t.Errorf("index[%s] = %d, want %d", doc, index[doc], want)
		}
	}
}

// Editors racing over one table each get a version of their own, and the
// last version is current and indexed.
func TestVersionsAddRaces(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	const editors = 6
	var wg sync.WaitGroup
	numbers := make(chan int, editors)
	for range editors {
		wg.Go(func() {
			n, err := persistence.NewVersions(table).Add(ctx, "hours", persistence.Edit{Text: "v", At: t0})
			if err != nil {
				t.Error(err)
			}
			numbers <- n
		})
	}
	wg.Wait()
	close(numbers)
	seen := map[int]bool{}
	for n := range numbers {
		if seen[n] {
			t.Errorf("version %d given twice", n)
		}
		seen[n] = true
	}
	versions := persistence.NewVersions(table)
	current, err := versions.Current(ctx, "hours")
	must(t, err)
	index, err := versions.Index(ctx)
	must(t, err)
	if current.Version != editors || index["hours"] != editors {
		t.Errorf("current version %d, indexed %d; want %d", current.Version, index["hours"], editors)
	}
}
