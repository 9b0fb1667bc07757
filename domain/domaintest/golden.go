package domaintest

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// update rewrites the golden files of the tests that use Golden:
// go test ./domain ./persistence -update
var update = flag.Bool("update", false, "rewrite testdata golden files")

// Golden compares got with testdata/name, or rewrites the file under -update.
func Golden(t *testing.T, name string, got []byte) {
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

// Updating reports whether the test run rewrites golden files (-update).
func Updating() bool { return *update }

// JSONRoundTrip proves that v survives Go value → JSON → Go value.
func JSONRoundTrip[T any](t *testing.T, v T) {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("json marshal: %v", err)
	}
	var got T
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatalf("json unmarshal %s: %v", raw, err)
	}
	if !reflect.DeepEqual(got, v) {
		t.Errorf("JSON round trip changed the value\njson: %s\n got: %#v\nwant: %#v", raw, got, v)
	}
}
