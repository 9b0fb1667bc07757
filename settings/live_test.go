package settings_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/settings"
)

var t0 = time.Date(2026, 11, 27, 14, 0, 0, 0, time.UTC)

// node is one process's view: a Live and what it applied.
type node struct {
	live *settings.Live
	mu   sync.Mutex
	seen map[string]string
}

func newNode(t *testing.T, table persistence.Table) *node {
	t.Helper()
	n := &node{seen: map[string]string{}}
	n.live = settings.New(persistence.NewVersions(table), func() time.Time { return t0 }, zap.NewNop())
	apply := func(doc, text string) {
		n.mu.Lock()
		defer n.mu.Unlock()
		n.seen[doc] = text
	}
	n.live.Register("business", settings.Doc{Apply: apply})
	n.live.Register("knowledge/", settings.Doc{Apply: apply, Check: func(_, text string) error {
		if strings.Contains(text, "<script") {
			return errors.New("scripts are not allowed in a knowledge package")
		}
		return nil
	}})
	if err := n.live.Load(context.Background()); err != nil {
		t.Fatal(err)
	}
	return n
}

func (n *node) applied(doc string) string {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.seen[doc]
}

// An edit is live at once where it was saved, on another node after its
// refresh, and on a node started later at its load; a document without a
// version is applied as its seed ("").
func TestAnEditReachesEveryNode(t *testing.T) {
	ctx := context.Background()
	table := memory.New()
	a, b := newNode(t, table), newNode(t, table)
	if text, ok := a.seen["business"]; !ok || text != "" {
		t.Fatalf("business before any edit = %q, %v; want the seed applied", text, ok)
	}
	if _, err := a.live.Save(ctx, "business", "Padaria Pão Quente", "5511988887777"); err != nil {
		t.Fatal(err)
	}
	if _, err := a.live.Save(ctx, "knowledge/pj", "# Pessoa jurídica", "api"); err != nil {
		t.Fatal(err)
	}
	if a.applied("business") != "Padaria Pão Quente" {
		t.Errorf("saving node applied %q", a.applied("business"))
	}
	if b.applied("business") != "" {
		t.Errorf("the other node applied %q before refreshing", b.applied("business"))
	}
	if err := b.live.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	if b.applied("business") != "Padaria Pão Quente" || b.applied("knowledge/pj") != "# Pessoa jurídica" {
		t.Errorf("after refresh the other node has %v", b.seen)
	}
	if later := newNode(t, table); later.applied("knowledge/pj") != "# Pessoa jurídica" {
		t.Errorf("a node started later has %v", later.seen)
	}
}

// A refused text stores nothing and says why; a restore brings an old text
// back as a new version.
func TestRefusalAndRestore(t *testing.T) {
	ctx := context.Background()
	n := newNode(t, memory.New())
	_, err := n.live.Save(ctx, "knowledge/pj", "<script>alert(1)</script>", "api")
	var refused *settings.Refused
	if !errors.As(err, &refused) || !strings.Contains(refused.Error(), "scripts") {
		t.Fatalf("Save of a refused text = %v, want *Refused with the reason", err)
	}
	if history, _ := n.live.History(ctx, "knowledge/pj"); len(history) != 0 {
		t.Errorf("a refused text was stored: %+v", history)
	}
	if _, err := n.live.Save(ctx, "nothing", "x", "api"); !errors.Is(err, settings.ErrUnknown) {
		t.Errorf("Save of an unregistered document = %v, want ErrUnknown", err)
	}
	for _, text := range []string{"Padaria", "Padaria e Confeitaria"} {
		if _, err := n.live.Save(ctx, "business", text, "api"); err != nil {
			t.Fatal(err)
		}
	}
	v, err := n.live.Restore(ctx, "business", 1, "5511988887777")
	if err != nil {
		t.Fatal(err)
	}
	if v.Version != 3 || v.RestoredFrom != 1 || n.applied("business") != "Padaria" {
		t.Errorf("restore = %+v, applied %q; want version 3 restoring 1", v, n.applied("business"))
	}
	history, err := n.live.History(ctx, "business")
	if err != nil || len(history) != 3 || history[0].Version != 3 {
		t.Errorf("history = %+v, %v; want 3 versions, newest first", history, err)
	}
}

// countingTable counts the reads a Live makes.
type countingTable struct {
	persistence.Table
	mu    sync.Mutex
	reads int
}

func (c *countingTable) Get(ctx context.Context, key persistence.Key) (persistence.Item, error) {
	c.mu.Lock()
	c.reads++
	c.mu.Unlock()
	return c.Table.Get(ctx, key)
}

func (c *countingTable) Query(ctx context.Context, q persistence.Query) (persistence.Page, error) {
	c.mu.Lock()
	c.reads++
	c.mu.Unlock()
	return c.Table.Query(ctx, q)
}

// What every node pays each PROMPT_REFRESH: one read of the index when
// nothing changed, however many documents there are, and one more per
// document that did.
func TestARefreshCostsOneReadPlusOnePerChange(t *testing.T) {
	ctx := context.Background()
	table := &countingTable{Table: memory.New()}
	editor, n := newNode(t, table), newNode(t, table)
	for _, doc := range []string{"business", "knowledge/a", "knowledge/b"} {
		if _, err := editor.live.Save(ctx, doc, "v1", "api"); err != nil {
			t.Fatal(err)
		}
	}
	if err := n.live.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		edits []string
		reads int
	}{{nil, 1}, {nil, 1}, {[]string{"knowledge/a"}, 2}, {[]string{"business", "knowledge/b"}, 3}} {
		for _, doc := range tt.edits {
			if _, err := editor.live.Save(ctx, doc, "v2", "api"); err != nil {
				t.Fatal(err)
			}
		}
		table.mu.Lock()
		table.reads = 0
		table.mu.Unlock()
		if err := n.live.Refresh(ctx); err != nil {
			t.Fatal(err)
		}
		if table.reads != tt.reads {
			t.Errorf("a refresh after editing %v read the table %d times, want %d", tt.edits, table.reads, tt.reads)
		}
	}
}
