package persistence_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"

	"github.com/intake-runtime/intake/domain/domaintest"
	"github.com/intake-runtime/intake/persistence"
)

// The golden and JSON helpers are domaintest's (its -update flag rewrites
// the golden files of current items: go test ./persistence -update).
var golden = domaintest.Golden

func jsonRoundTrip[T any](t *testing.T, v T) { t.Helper(); domaintest.JSONRoundTrip(t, v) }

// itemJSON renders an item as DynamoDB JSON (what `aws dynamodb get-item`
// prints), with sorted keys so golden files diff cleanly.
func itemJSON(t *testing.T, item persistence.Item) []byte {
	t.Helper()
	raw, err := attributevalue.MarshalMapJSON(item)
	if err != nil {
		t.Fatalf("marshal item JSON: %v", err)
	}
	var generic any
	if err := json.Unmarshal(raw, &generic); err != nil {
		t.Fatalf("reparse item JSON: %v", err)
	}
	out, err := json.MarshalIndent(generic, "", "  ")
	if err != nil {
		t.Fatalf("indent item JSON: %v", err)
	}
	return append(out, '\n')
}

// readItem loads a stored item from a DynamoDB JSON file in testdata.
func readItem(t *testing.T, name string) persistence.Item {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatalf("read %s: %v", name, err)
	}
	item, err := attributevalue.UnmarshalMapJSON(raw)
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	return item
}
