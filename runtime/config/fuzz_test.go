package config_test

import (
	"strings"
	"testing"

	"github.com/intake-runtime/intake/runtime/config"
)

// FuzzLoad feeds arbitrary values to every variable: Load must never panic,
// and every problem it reports must name the variable it came from.
func FuzzLoad(f *testing.F) {
	for _, seed := range []string{"", "abc", "0", "-1", "1e400", "NaN", "true", "2s", "http://x", " , ,", "\x00", "9223372036854775808"} {
		f.Add(seed)
	}
	names := variableNames(f)
	// A value can be valid alone and break a rule that is reported on the
	// variable it relates to: a long DEBOUNCE_WINDOW on DEBOUNCE_MAX_WAIT,
	// LLM_PROVIDER=replay on the missing LLM_REPLAY_FILE.
	related := map[string]string{"DEBOUNCE_WINDOW": "DEBOUNCE_MAX_WAIT", "LLM_PROVIDER": "LLM_REPLAY_FILE"}
	f.Fuzz(func(t *testing.T, value string) {
		for _, name := range names {
			_, err := config.Load(env(map[string]string{name: value}))
			if err == nil {
				continue
			}
			for line := range strings.Lines(err.Error()) {
				if !strings.HasPrefix(line, "config: ") {
					t.Fatalf("%s=%q: problem line %q does not start with config:", name, value, line)
				}
			}
			named := strings.Contains(err.Error(), "config: "+name+": ") ||
				(related[name] != "" && strings.Contains(err.Error(), "config: "+related[name]+": "))
			if !named {
				t.Fatalf("%s=%q: error does not name the variable:\n%v", name, value, err)
			}
		}
	})
}

// variableNames lists the variables Load reads, by recording its lookups.
func variableNames(tb testing.TB) []string {
	tb.Helper()
	var names []string
	if _, err := config.Load(func(name string) (string, bool) {
		names = append(names, name)
		return "", false
	}); err != nil {
		tb.Fatal(err)
	}
	return names
}
