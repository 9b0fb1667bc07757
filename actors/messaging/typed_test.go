package messaging_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging"
)

// TestOnePassParseMatchesItemByItem checks the fast path against the slow one
// on every recorded envelope: the same messages, statuses and rejections.
func TestOnePassParseMatchesItemByItem(t *testing.T) {
	now := time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)
	p, err := messaging.NewParser(messaging.ParserConfig{Instances: []string{"instance_a"}, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	paths, _ := filepath.Glob("testdata/*.json")
	checked := 0
	for _, path := range paths {
		if strings.HasPrefix(filepath.Base(path), "internal_") || strings.HasSuffix(path, ".golden.json") {
			continue
		}
		body, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		fast, fastErr := p.ParseEnvelope(body)
		slow, slowErr := p.ParseItemByItem(body)
		if (fastErr == nil) != (slowErr == nil) || !sameBatch(fast, slow) {
			t.Errorf("%s: one pass %+v (%v), item by item %+v (%v)", path, fast, fastErr, slow, slowErr)
		}
		checked++
	}
	if checked < 8 {
		t.Fatalf("only %d envelopes checked", checked)
	}
}

// sameBatch compares batches, rejections by item, ID and error text.
func sameBatch(a, b messaging.Batch) bool {
	if !reflect.DeepEqual(a.Messages, b.Messages) || !reflect.DeepEqual(a.Statuses, b.Statuses) || len(a.Rejected) != len(b.Rejected) {
		return false
	}
	for i := range a.Rejected {
		x, y := a.Rejected[i], b.Rejected[i]
		if x.Item != y.Item || x.ID != y.ID || x.Err.Error() != y.Err.Error() {
			return false
		}
	}
	return true
}
