package config_test

import (
	"bufio"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/runtime/config"
)

// TestEnvExampleMatchesLoad keeps .env.example honest: it names exactly the
// variables Load reads, and its values are the defaults.
func TestEnvExampleMatchesLoad(t *testing.T) {
	f, err := os.Open("../../.env.example")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	example := map[string]string{}
	s := bufio.NewScanner(f)
	for s.Scan() {
		line := strings.TrimSpace(s.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, value, ok := strings.Cut(line, "=")
		if !ok {
			t.Fatalf(".env.example: %q is not NAME=value", line)
		}
		if _, dup := example[name]; dup {
			t.Errorf(".env.example lists %s twice", name)
		}
		example[name] = value
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}

	var read []string
	recording := func(name string) (string, bool) {
		read = append(read, name)
		v, ok := example[name]
		return v, ok
	}
	fromExample, err := config.Load(recording)
	if err != nil {
		t.Fatalf(".env.example does not load: %v", err)
	}
	defaults, err := config.Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(fromExample, defaults) {
		t.Errorf(".env.example values differ from the defaults:\n got %+v\nwant %+v", fromExample, defaults)
	}

	var listed []string
	for name := range example {
		listed = append(listed, name)
	}
	slices.Sort(read)
	slices.Sort(listed)
	if !slices.Equal(read, listed) {
		t.Errorf(".env.example lists\n%v\nLoad reads\n%v", listed, read)
	}
}
