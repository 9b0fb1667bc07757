package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// repoRoot is the repository, seen from this package's directory.
const repoRoot = "../.."

// mdLink finds the targets of Markdown links and images: [text](target).
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestReadmeLinksResolve keeps the README and the docs it leads to honest:
// every link names a file of this repository (no web addresses, nothing
// outside the checkout), and a #fragment names a heading of that file.
func TestReadmeLinksResolve(t *testing.T) {
	pages := []string{"README.md"}
	docs, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		rel, _ := filepath.Rel(repoRoot, d)
		pages = append(pages, rel)
	}
	for _, page := range pages {
		body, err := os.ReadFile(filepath.Join(repoRoot, page))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mdLink.FindAllStringSubmatch(string(body), -1) {
			checkLink(t, page, m[1])
		}
	}
}

func checkLink(t *testing.T, page, target string) {
	t.Helper()
	if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
		t.Errorf("%s links to %s, outside the repository", page, target)
		return
	}
	path, fragment, _ := strings.Cut(target, "#")
	file := filepath.Join(filepath.Dir(page), path)
	if path == "" {
		file = page
	}
	if strings.HasPrefix(filepath.Clean(file), "..") {
		t.Errorf("%s links to %s, outside the repository", page, target)
		return
	}
	body, err := os.ReadFile(filepath.Join(repoRoot, file))
	if err != nil {
		t.Errorf("%s links to %s: %v", page, target, err)
		return
	}
	if fragment != "" && !hasHeading(string(body), fragment) {
		t.Errorf("%s links to %s: %s has no heading #%s", page, target, file, fragment)
	}
}

// hasHeading reports whether a Markdown text has a heading whose anchor, as
// GitHub derives it (lower case, spaces to hyphens, punctuation dropped), is
// fragment.
func hasHeading(text, fragment string) bool {
	for line := range strings.Lines(text) {
		title, ok := strings.CutPrefix(strings.TrimLeft(line, "#"), " ")
		if !strings.HasPrefix(line, "#") || !ok {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(title)) {
			switch {
			case r == ' ' || r == '-':
				b.WriteRune('-')
			case r == '_' || ('a' <= r && r <= 'z') || ('0' <= r && r <= '9') || r > 127:
				b.WriteRune(r)
			}
		}
		if b.String() == fragment {
			return true
		}
	}
	return false
}
