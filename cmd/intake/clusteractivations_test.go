//go:build linux

package main_test

// Where each conversation ran in a cluster run (cluster_test.go), read from
// the lines the members log when a conversation grain starts and stops. The
// lines name a phone masked (its last four digits), which tells the run's
// conversations apart: their numbers differ in the last four.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/internal/redact"
)

// The lines a grain logs when it starts and when it has stopped
// (actors/session/grain.go).
const (
	logActivated   = "conversation activated"
	logDeactivated = "conversation stopped"
)

// activation is one conversation grain's life on one node: from its start
// line to its stop line.
type activation struct {
	node     int // from 1
	from, to time.Time
}

// activations reads every run of every node: each phone's activations. One
// whose run ended without its stop line (a kill) lasts until the run was
// seen gone; one of a run still going, until the far future.
func (c *clusterRun) activations(t *testing.T) map[string][]activation {
	t.Helper()
	forever := time.Now().Add(24 * time.Hour)
	byPhone := map[string][]activation{}
	for i, n := range c.nodes {
		for _, run := range n.runLogs() {
			end := run.ended
			if end.IsZero() {
				end = forever
			}
			open, err := readActivations(run.file, i+1, byPhone)
			if err != nil {
				t.Fatal(err)
			}
			for phone, from := range open {
				byPhone[phone] = append(byPhone[phone], activation{node: i + 1, from: from, to: end})
			}
		}
	}
	return byPhone
}

// readActivations adds the finished activations logged in file to byPhone
// and returns the ones still open at its end: phone to start.
func readActivations(file string, node int, byPhone map[string][]activation) (map[string]time.Time, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	open := map[string]time.Time{}
	lines := bufio.NewScanner(f)
	lines.Buffer(make([]byte, 64<<10), 4<<20)
	for lines.Scan() {
		line := lines.Bytes()
		if !bytes.Contains(line, []byte(`"conversation `)) {
			continue
		}
		var e struct {
			TS    time.Time `json:"ts"`
			Msg   string    `json:"msg"`
			Phone string    `json:"phone"`
		}
		if json.Unmarshal(line, &e) != nil || e.Phone == "" {
			continue
		}
		switch e.Msg {
		case logActivated:
			if from, ok := open[e.Phone]; ok {
				return nil, fmt.Errorf("%s: %s activated at %v while its activation of %v has not stopped", file, e.Phone, e.TS, from)
			}
			open[e.Phone] = e.TS
		case logDeactivated:
			from, ok := open[e.Phone]
			if !ok {
				return nil, fmt.Errorf("%s: %s stopped at %v without starting", file, e.Phone, e.TS)
			}
			delete(open, e.Phone)
			byPhone[e.Phone] = append(byPhone[e.Phone], activation{node: node, from: from, to: e.TS})
		}
	}
	return open, lines.Err()
}

// checkOneActivation checks that each phone was active on exactly one node
// at any time. The rule: two activations of one phone on different nodes
// overlap when each starts before the other ends, and no two may overlap.
// An activation lasts from its start line to its stop line (a grain logs its
// stop only once its table calls and sends are over, so nothing it does
// falls outside); a killed node's activations end when the test saw its
// process gone, so after its death the survivors may take its phones over,
// and before it they may not. Every node runs on this machine's clock, so
// the times compare. Every conversation must have an activation, so the
// check cannot pass on logs it failed to read.
func (c *clusterRun) checkOneActivation(t *testing.T) {
	t.Helper()
	byPhone := c.activations(t)
	perNode := make([]int, clusterNodes)
	for _, acts := range byPhone {
		for _, a := range acts {
			perNode[a.node-1]++
		}
	}
	var missing []string
	for conv := range clusterConversations {
		if len(byPhone[redact.MaskPhone(crashPhone(conv))]) == 0 {
			missing = append(missing, crashPhone(conv))
		}
	}
	if len(missing) > 0 {
		t.Errorf("%d phones were never activated on any node (%v)", len(missing), firstN(missing, 5))
	}
	overlaps := activationOverlaps(byPhone)
	for _, o := range firstN(overlaps, 10) {
		t.Error(o)
	}
	if len(overlaps) > 0 {
		t.Errorf("%d overlapping activations of one phone on two nodes", len(overlaps))
	}
	t.Logf("activations per node %v, %d phones", perNode, len(byPhone))
}

// activationOverlaps lists the pairs of activations of one phone on two
// nodes at once.
func activationOverlaps(byPhone map[string][]activation) []string {
	var out []string
	for phone, acts := range byPhone {
		sort.Slice(acts, func(i, j int) bool { return acts[i].from.Before(acts[j].from) })
		for i, a := range acts {
			for _, b := range acts[i+1:] {
				if a.node != b.node && b.from.Before(a.to) && a.from.Before(b.to) {
					out = append(out, fmt.Sprintf("%s active on node %d (%s to %s) and on node %d (%s to %s)",
						phone, a.node, stamp(a.from), stamp(a.to), b.node, stamp(b.from), stamp(b.to)))
				}
			}
		}
	}
	sort.Strings(out)
	return out
}

func stamp(t time.Time) string { return t.Format("15:04:05.000000") }

// TestActivationOverlaps pins the rule of checkOneActivation: activations
// of one phone on two nodes may follow each other, even end to start, but
// not overlap; one node may hold a phone again and again.
func TestActivationOverlaps(t *testing.T) {
	at := func(s int) time.Time { return time.Unix(1_700_000_000+int64(s), 0) }
	byPhone := map[string][]activation{
		"+1": {{node: 1, from: at(0), to: at(5)}, {node: 2, from: at(5), to: at(9)}, {node: 2, from: at(10), to: at(12)}},
		"+2": {{node: 3, from: at(4), to: at(8)}, {node: 1, from: at(0), to: at(5)}},
		"+3": {{node: 1, from: at(0), to: at(5)}, {node: 1, from: at(3), to: at(9)}},
	}
	got := activationOverlaps(byPhone)
	if len(got) != 1 || !strings.HasPrefix(got[0], "+2 active on node 1") {
		t.Errorf("overlaps %q, want only +2's on nodes 1 and 3", got)
	}
}
