package emulator_test

import (
	"errors"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/emulator"
)

func TestParseEnv(t *testing.T) {
	tests := []struct {
		name, in string
		want     map[string]string
	}{
		{"plain", "A=1\nB=two words\n", map[string]string{"A": "1", "B": "two words"}},
		{"comments and blanks", "# header\n\n  # indented\nA=1 # trailing\nB=x#not-a-comment\n", map[string]string{"A": "1", "B": "x#not-a-comment"}},
		{"export prefix", "export A=1\nexport\tB=2\nexporter=3\n", map[string]string{"A": "1", "B": "2", "exporter": "3"}},
		{"spaces around =", "A = 1\n  B=  2  \n", map[string]string{"A": "1", "B": "2"}},
		{"empty value", "A=\nB=''\nC=\"\"\n", map[string]string{"A": "", "B": "", "C": ""}},
		{"single quotes are literal", `A='x \n $HOME # y'` + "\n", map[string]string{"A": `x \n $HOME # y`}},
		{"double quotes escape", `A="line1\nline2 \"q\" \\ \$ \x"` + "\n", map[string]string{"A": "line1\nline2 \"q\" \\ $ \\x"}},
		{"comment after quotes", `A="v" # note` + "\n", map[string]string{"A": "v"}},
		{"multi-line quotes", "A=\"first\nsecond\"\nB=3\n", map[string]string{"A": "first\nsecond", "B": "3"}},
		{"CRLF and BOM", "\ufeffA=1\r\nB=2\r\n", map[string]string{"A": "1", "B": "2"}},
		{"last wins", "A=1\nA=2\n", map[string]string{"A": "2"}},
		{"= in value", "URL=http://x/?a=b\n", map[string]string{"URL": "http://x/?a=b"}},
		{"no expansion", "A=$HOME\n", map[string]string{"A": "$HOME"}},
		{"no final newline", "A=1", map[string]string{"A": "1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := emulator.ParseEnv(strings.NewReader(tt.in), ".env")
			if err != nil {
				t.Fatal(err)
			}
			if !maps.Equal(got, tt.want) {
				t.Errorf("ParseEnv(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestParseEnvErrorsNameFileAndLine(t *testing.T) {
	tests := []struct {
		in   string
		line int
		has  string
	}{
		{"A=1\nsk-proj-SECRET\n", 2, "expected KEY=VALUE"},
		{"A=1\n\n1A=2\n", 3, `"1A" is not a variable name`},
		{"MY-VAR=1\n", 1, `"MY-VAR" is not a variable name`},
		{"A=\"open\nB=2\n", 1, "A has no closing \""},
		{"A='v' tail\n", 1, "unexpected text after the closing quote of A"},
	}
	for _, tt := range tests {
		_, err := emulator.ParseEnv(strings.NewReader(tt.in), "conf/.env")
		var fe *emulator.EnvFileError
		if !errors.As(err, &fe) {
			t.Errorf("ParseEnv(%q): err = %v, want an *EnvFileError", tt.in, err)
			continue
		}
		if fe.File != "conf/.env" || fe.Line != tt.line || !strings.Contains(err.Error(), tt.has) || !strings.HasPrefix(err.Error(), "conf/.env:") {
			t.Errorf("ParseEnv(%q) = %v (line %d), want conf/.env:%d and %q", tt.in, err, fe.Line, tt.line, tt.has)
		}
		if strings.Contains(err.Error(), "SECRET") {
			t.Errorf("the error quotes the line's content: %v", err)
		}
	}
}

func TestLoadEnvFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".env")
	if err := os.WriteFile(path, []byte("DASHBOARD_PORT=9191\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	vars, err := emulator.LoadEnvFile(path)
	if err != nil || vars["DASHBOARD_PORT"] != "9191" {
		t.Errorf("LoadEnvFile = %v, %v", vars, err)
	}
	if _, err := emulator.LoadEnvFile(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: err = %v, want fs.ErrNotExist", err)
	}
}

// The committed .env.example must parse: developers copy it to .env.
func TestEnvExampleParses(t *testing.T) {
	vars, err := emulator.LoadEnvFile("../.env.example")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := vars["LLM_PRICES"]; !ok || vars["DASHBOARD_PORT"] != "8080" {
		t.Errorf(".env.example parsed to %v", vars)
	}
}

func FuzzParseEnv(f *testing.F) {
	for _, seed := range []string{"A=1", "export A='x'", "A=\"a\\nb\"\n", "A=\"open", "# c\n\nB = 2 # d", "=", "A='x' y", "\ufeffA=1\r\n"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		vars, err := emulator.ParseEnv(strings.NewReader(in), "fuzz.env")
		if err != nil {
			var fe *emulator.EnvFileError
			if !errors.As(err, &fe) || fe.Line < 1 {
				t.Fatalf("error %v is not located", err)
			}
			return
		}
		for k := range vars {
			if k == "" || strings.ContainsAny(k, "= \t\n#") {
				t.Fatalf("bad key %q from %q", k, in)
			}
		}
	})
}
