package emulator

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
)

// EnvFileError is a syntax error in an env file, located by file and line so
// the developer can fix it without guessing.
type EnvFileError struct {
	File    string
	Line    int
	Problem string
}

// Error renders as "path:line: problem", the form editors jump to.
func (e *EnvFileError) Error() string {
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Problem)
}

// LoadEnvFile reads the env file at path. A missing file is reported with an
// error satisfying errors.Is(err, fs.ErrNotExist), so the caller can treat
// the default .env as optional and an explicit --env-file as required.
func LoadEnvFile(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseEnv(f, path)
}

// ParseEnv reads KEY=VALUE lines as dotenv files write them; name is used in
// errors, which never quote a value (values may be secrets). The rules:
//
//   - blank lines and lines starting with # are skipped;
//   - an optional "export " prefix is ignored, so the file can be sourced by
//     a shell too;
//   - keys are letters, digits and _, not starting with a digit;
//   - an unquoted value ends at " #" (a comment) and is trimmed;
//   - a 'single-quoted' value is literal; a "double-quoted" value understands
//     \n, \r, \t, \", \\ and \$; both may span lines;
//   - nothing but a comment may follow a closing quote;
//   - no variable expansion: $HOME stays $HOME;
//   - a key given twice keeps its last value.
func ParseEnv(r io.Reader, name string) (map[string]string, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	p := envParser{name: name, vars: map[string]string{}}
	s := bufio.NewScanner(bytes.NewReader(data))
	s.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for s.Scan() {
		p.line++
		if err := p.feed(strings.TrimSuffix(s.Text(), "\r")); err != nil {
			return nil, err
		}
	}
	if err := s.Err(); err != nil {
		return nil, &EnvFileError{File: name, Line: p.line + 1, Problem: err.Error()}
	}
	if p.quote != 0 {
		return nil, p.fail(p.openedAt, "%s has no closing %c", p.key, p.quote)
	}
	return p.vars, nil
}

// envParser is ParseEnv's state between lines: a quoted value may go on.
type envParser struct {
	name string
	vars map[string]string
	line int

	// While quote is not 0, the value of key started on line openedAt is
	// still open and value holds what was read so far.
	quote    byte
	key      string
	value    strings.Builder
	openedAt int
}

func (p *envParser) fail(line int, format string, args ...any) error {
	return &EnvFileError{File: p.name, Line: line, Problem: fmt.Sprintf(format, args...)}
}

func (p *envParser) feed(line string) error {
	if p.quote != 0 {
		p.value.WriteByte('\n')
		return p.quoted(line)
	}
	line = strings.TrimLeft(line, " \t")
	if line == "" || line[0] == '#' {
		return nil
	}
	if rest, ok := strings.CutPrefix(line, "export"); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t') {
		line = strings.TrimLeft(rest, " \t")
	}
	key, value, ok := strings.Cut(line, "=")
	key = strings.TrimRight(key, " \t")
	if !ok {
		// The line is not echoed: it may be a pasted secret.
		return p.fail(p.line, "expected KEY=VALUE (no = found)")
	}
	if !validKey(key) {
		return p.fail(p.line, "%q is not a variable name (letters, digits and _, not starting with a digit)", clipText(key))
	}
	value = strings.TrimLeft(value, " \t")
	if value != "" && (value[0] == '"' || value[0] == '\'') {
		p.quote, p.key, p.openedAt = value[0], key, p.line
		p.value.Reset()
		return p.quoted(value[1:])
	}
	if i := strings.Index(value, " #"); i >= 0 {
		value = value[:i]
	} else if i := strings.Index(value, "\t#"); i >= 0 {
		value = value[:i]
	}
	p.vars[key] = strings.TrimRight(value, " \t")
	return nil
}

// quoted continues an open quoted value with s, the rest of a line.
func (p *envParser) quoted(s string) error {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == p.quote:
			p.vars[p.key] = p.value.String()
			p.quote = 0
			if rest := strings.TrimLeft(s[i+1:], " \t"); rest != "" && rest[0] != '#' {
				return p.fail(p.line, "unexpected text after the closing quote of %s (only a # comment may follow)", p.key)
			}
			return nil
		case c == '\\' && p.quote == '"' && i+1 < len(s):
			i++
			switch s[i] {
			case 'n':
				p.value.WriteByte('\n')
			case 'r':
				p.value.WriteByte('\r')
			case 't':
				p.value.WriteByte('\t')
			case '"', '\\', '$':
				p.value.WriteByte(s[i])
			default: // unknown escapes stay as written, as in shells
				p.value.WriteByte('\\')
				p.value.WriteByte(s[i])
			}
		default:
			p.value.WriteByte(c)
		}
	}
	return nil
}

func validKey(k string) bool {
	if k == "" || (k[0] >= '0' && k[0] <= '9') {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !(c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// clipText keeps error messages short whatever the file holds. Only key
// names are ever shown, never values, which may be secrets.
func clipText(s string) string {
	const max = 40
	if len(s) <= max {
		return s
	}
	return s[:max] + "…"
}
