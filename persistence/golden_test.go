package persistence_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"

	"github.com/intake-runtime/intake/persistence"
)

// update rewrites the golden files of current items: go test ./persistence -update
var update = flag.Bool("update", false, "rewrite testdata golden files")

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

// golden compares got with testdata/name, or rewrites the file under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatalf("update %s: %v", name, err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s (run with -update to create it): %v", name, err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run with -update if the change is intended)\n got: %s\nwant: %s", name, got, want)
	}
}
