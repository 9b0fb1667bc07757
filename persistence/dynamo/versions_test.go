package dynamo_test

import (
	"testing"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

// Versioned documents on DynamoDB itself: the settings index has an
// attribute per document, named like "knowledge/cadastro-pj", which only
// placeholders in the update and condition expressions make legal.
func TestVersionedDocuments(t *testing.T) {
	versions := persistence.NewVersions(newTable(t, localClient(t)))
	ctx, at := t.Context(), time.Date(2026, 11, 27, 14, 0, 0, 0, time.UTC)
	docs := []string{persistence.PromptDoc("TRIAGE"), "knowledge/cadastro-pj", "catalogue"}
	for _, doc := range docs {
		for _, text := range []string{"first", "second"} {
			if _, err := versions.Add(ctx, doc, persistence.Edit{Text: text, Author: "api", At: at}); err != nil {
				t.Fatalf("Add %s: %v", doc, err)
			}
		}
	}
	if n, err := versions.Restore(ctx, "catalogue", 1, "api", at); err != nil || n != 3 {
		t.Fatalf("Restore = %d, %v; want version 3", n, err)
	}
	index, err := versions.Index(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{docs[0]: 2, docs[1]: 2, "catalogue": 3}
	for doc, n := range want {
		if index[doc] != n {
			t.Errorf("index[%s] = %d, want %d (index %v)", doc, index[doc], n, index)
		}
	}
	if current, err := versions.Current(ctx, "catalogue"); err != nil || current.Text != "first" || current.RestoredFrom != 1 {
		t.Errorf("current catalogue = %+v, %v; want the first text restored", current, err)
	}
}
