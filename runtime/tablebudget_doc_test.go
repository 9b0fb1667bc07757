package runtime_test

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
)

// budgetDoc is the page that reports the table budget, from this package.
const budgetDoc = "../docs/table-budget.md"

// The measured table sits between these lines of the page.
const (
	budgetBegin = "<!-- measured by TestTableBudget (runtime/tablecost_test.go): TABLE_BUDGET_WRITE=1 rewrites it -->"
	budgetEnd   = "<!-- end of the measured table -->"
)

// budgetRow is the mean cost of one run of a script.
type budgetRow struct {
	name     string
	requests int
	wcu, rcu float64
}

func budgetTable(rows []budgetRow) string {
	var b strings.Builder
	b.WriteString("| script | requests | WCU | RCU |\n|---|---|---|---|\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "| %s | %d | %.1f | %.1f |\n", r.name, r.requests, r.wcu, r.rcu)
	}
	return b.String()
}

// budgetSection returns the page's text before and after the measured
// table, and the table.
func budgetSection(path string) (before, table, after string, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", "", "", err
	}
	text := string(data)
	head, rest, ok := strings.Cut(text, budgetBegin+"\n")
	if !ok {
		return "", "", "", fmt.Errorf("%s has no line %q", path, budgetBegin)
	}
	table, tail, ok := strings.Cut(rest, budgetEnd)
	if !ok {
		return "", "", "", fmt.Errorf("%s has no line %q", path, budgetEnd)
	}
	return head + budgetBegin + "\n", table, budgetEnd + tail, nil
}

// writeBudget replaces the page's measured table with rows.
func writeBudget(path string, rows []budgetRow) error {
	before, _, after, err := budgetSection(path)
	if err != nil {
		return err
	}
	return os.WriteFile(path, []byte(before+budgetTable(rows)+after), 0o644)
}

// checkBudget reports a row of the page that is missing or differs from
// the measured one by more than 10 % (or half a unit), or by a request.
func checkBudget(path string, rows []budgetRow) error {
	_, table, _, err := budgetSection(path)
	if err != nil {
		return err
	}
	stated := map[string]budgetRow{}
	for _, line := range strings.Split(table, "\n") {
		cells := strings.Split(strings.Trim(line, "| "), " | ")
		if len(cells) != 4 {
			continue
		}
		req, err1 := strconv.Atoi(cells[1])
		wcu, err2 := strconv.ParseFloat(cells[2], 64)
		rcu, err3 := strconv.ParseFloat(cells[3], 64)
		if err1 != nil || err2 != nil || err3 != nil {
			continue
		}
		stated[cells[0]] = budgetRow{name: cells[0], requests: req, wcu: wcu, rcu: rcu}
	}
	near := func(a, b float64) bool { return math.Abs(a-b) <= math.Max(0.5, 0.1*b) }
	for _, r := range rows {
		s, ok := stated[r.name]
		switch {
		case !ok:
			return fmt.Errorf("%s states no figures for %q (measured %d requests, %.1f WCU, %.1f RCU)", path, r.name, r.requests, r.wcu, r.rcu)
		case s.requests != r.requests || !near(s.wcu, r.wcu) || !near(s.rcu, r.rcu):
			return fmt.Errorf("%s states %d requests, %.1f WCU, %.1f RCU for %q; measured %d, %.1f, %.1f",
				path, s.requests, s.wcu, s.rcu, r.name, r.requests, r.wcu, r.rcu)
		}
	}
	return nil
}
