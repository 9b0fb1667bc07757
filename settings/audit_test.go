package settings_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/settings"
)

// failingAudit refuses every entry.
type failingAudit struct{}

func (failingAudit) Record(context.Context, persistence.AuditEntry) error {
	return errors.New("table unavailable")
}

// Every stored version is in the audit trail: who saved or restored which
// version of which document, from where; a refused text records nothing,
// and a trail that cannot be written fails no save.
func TestSavesAndRestoresAreAudited(t *testing.T) {
	ctx := settings.WithSource(context.Background(), "203.0.113.5")
	table := memory.New()
	audits := persistence.NewAudits(table)
	n := newNode(t, table)
	n.live.Audited(audits)
	if _, err := n.live.Save(ctx, "business", "Padaria", "5511988887777"); err != nil {
		t.Fatal(err)
	}
	if _, err := n.live.Save(ctx, "knowledge/pj", "<script>", "api"); err == nil {
		t.Fatal("a refused text was saved")
	}
	if _, err := n.live.Restore(ctx, "business", 1, "api"); err != nil {
		t.Fatal(err)
	}
	got, _, err := audits.List(ctx, persistence.AuditFilter{From: t0, To: t0.Add(time.Second)})
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, e := range got {
		lines = append(lines, strings.Join([]string{e.Who, string(e.Action), e.Target, e.Source}, " "))
	}
	slices.Sort(lines) // the test's clock stands still: both share one instant
	want := "5511988887777 settings business v1 203.0.113.5|api settings_restore business v2 203.0.113.5"
	if strings.Join(lines, "|") != want {
		t.Errorf("audit = %q, want %q", strings.Join(lines, "|"), want)
	}

	n.live.Audited(failingAudit{})
	if _, err := n.live.Save(ctx, "business", "Padaria Nova", "api"); err != nil || n.applied("business") != "Padaria Nova" {
		t.Errorf("a save whose audit failed = %v, applied %q", err, n.applied("business"))
	}
}
