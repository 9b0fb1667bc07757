package runtime_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// grafanaVariable matches a dashboard variable ($__rate_interval,
// ${datasource}), which is not PromQL and names no metric.
var grafanaVariable = regexp.MustCompile(`\$\{[^}]*\}|\$\w+`)

// promqlLabelLists are the keywords followed by a list of label names in
// parentheses, which name no metric.
var promqlLabelLists = map[string]bool{
	"by": true, "without": true, "on": true, "ignoring": true, "group_left": true, "group_right": true,
}

// promqlKeywords are the bare words of PromQL that are not metric names.
var promqlKeywords = map[string]bool{
	"and": true, "or": true, "unless": true, "bool": true, "offset": true,
	"group_left": true, "group_right": true, "inf": true, "nan": true,
}

// promqlMetricNames lists the series names a PromQL expression selects, in
// order of first use: the identifiers that are neither a function or an
// aggregation (followed by a parenthesis or by a label list), nor a keyword, nor inside label
// matchers ({...}), label lists (by (...)), ranges ([...]) or strings. The
// names are taken as written, so a histogram's quantile names its _bucket
// series and a counter its _total one, as /metrics lists them.
func promqlMetricNames(expr string) []string {
	src := []rune(grafanaVariable.ReplaceAllString(expr, ""))
	var names []string
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '"' || c == '\'' || c == '`':
			i = skipString(src, i)
		case c == '{':
			i = skipGroup(src, i, '{', '}')
		case c == '[':
			i = skipGroup(src, i, '[', ']')
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case unicode.IsDigit(c) || (c == '.' && i+1 < len(src) && unicode.IsDigit(src[i+1])):
			for i < len(src) && (isIdentRune(src[i]) || src[i] == '.') {
				i++
			}
		case isIdentStart(c):
			start := i
			for i < len(src) && isIdentRune(src[i]) {
				i++
			}
			word := string(src[start:i])
			next := i
			for next < len(src) && unicode.IsSpace(src[next]) {
				next++
			}
			lower := strings.ToLower(word)
			switch {
			case next < len(src) && src[next] == '(' && promqlLabelLists[lower]:
				i = skipGroup(src, next, '(', ')')
			case next < len(src) && src[next] == '(':
				// a function or an aggregation
			case groupsBefore(src[next:]):
				// an aggregation with its label list first: sum by (le) (...)
			case promqlKeywords[lower]:
			default:
				if !slices.Contains(names, word) {
					names = append(names, word)
				}
			}
		default:
			i++
		}
	}
	return names
}

// groupsBefore reports whether src opens with by or without: the word
// before it was an aggregation.
func groupsBefore(src []rune) bool {
	end := 0
	for end < len(src) && isIdentRune(src[end]) {
		end++
	}
	word := strings.ToLower(string(src[:end]))
	return word == "by" || word == "without"
}

func isIdentStart(c rune) bool {
	return c == '_' || c == ':' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isIdentRune(c rune) bool { return isIdentStart(c) || (c >= '0' && c <= '9') }

// skipString returns the index after the string literal opening at i.
func skipString(src []rune, i int) int {
	quote := src[i]
	for i++; i < len(src); i++ {
		if src[i] == '\\' && quote != '`' {
			i++
			continue
		}
		if src[i] == quote {
			return i + 1
		}
	}
	return i
}

// skipGroup returns the index after the group opening at i, strings inside
// it skipped whole so that a brace in a regular expression does not close it.
func skipGroup(src []rune, i int, open, close rune) int {
	depth := 0
	for i < len(src) {
		switch src[i] {
		case '"', '\'', '`':
			i = skipString(src, i)
			continue
		case open:
			depth++
		case close:
			depth--
			if depth == 0 {
				return i + 1
			}
		}
		i++
	}
	return i
}

func TestPromQLMetricNames(t *testing.T) {
	tests := []struct {
		expr string
		want []string
	}{
		{`intake_cluster_members`, []string{"intake_cluster_members"}},
		{`max(intake_handoff_oldest_wait_seconds) > 900`, []string{"intake_handoff_oldest_wait_seconds"}},
		{`sum by (outcome) (rate(intake_turns_total{outcome="failed"}[5m]))`, []string{"intake_turns_total"}},
		{`histogram_quantile(0.99, sum by (le, route) (rate(intake_http_request_duration_seconds_bucket[$__rate_interval])))`,
			[]string{"intake_http_request_duration_seconds_bucket"}},
		{`sum(rate(a_total{outcome=~"x|y"}[10m])) / sum(rate(a_total[10m])) > 0.1`, []string{"a_total"}},
		{`max(sum without (status) (intake_projections{status=~"PENDING|UNCERTAIN"})) > 1e2`, []string{"intake_projections"}},
		{`a * on (instance) group_left (version) b unless c offset 5m`, []string{"a", "b", "c"}},
		{`sum(x) BY (le) and bool y`, []string{"x", "y"}},
		{`label_replace(up, "dst", "$1", "src", "(.*)") # a comment naming nothing`, []string{"up"}},
		{`{__name__="hidden"} or z{a="}"}`, []string{"z"}},
		{`min(intake_cluster_members) < 3`, []string{"intake_cluster_members"}},
	}
	for _, tt := range tests {
		if got := promqlMetricNames(tt.expr); !slices.Equal(got, tt.want) {
			t.Errorf("promqlMetricNames(%q) = %q, want %q", tt.expr, got, tt.want)
		}
	}
}
