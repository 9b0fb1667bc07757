//go:build linux

package main_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"testing"
	"time"
)

// cleanLog runs two members through a serve's whole life and reads what
// they wrote: a start, a customer's turn, the loss of the other member
// (SIGKILL), its return and its graceful leave (SIGTERM), and a stop
// (SIGTERM). Every line either process wrote, on stdout or stderr, is one
// JSON object, and none is at level error: a member that goes away is
// something to warn about, not an error, so an alert on level=error keeps
// meaning "look now".
func (e *crashEnv) cleanLog(t *testing.T) {
	start := time.Now()
	c := e.newClusterOf(t, "cluster-log", 2)
	t.Logf("two members joined in %v", time.Since(start).Round(time.Millisecond))
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()

	if err := c.deliverBurst(ctx, 0); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, ctx, "the customer's reply", func() bool { return c.repliesTo(0) > 0 })

	c.down[1].Store(true)
	c.nodes[1].kill()
	waitUntil(t, ctx, "node 1 to see node 2 gone", func() bool { return scrape(t, c.ports[0])["intake_cluster_members"] == 1 })
	// A few seconds more of a member down: protoactor retries its
	// connection about once a second, and each retry failed at error.
	time.Sleep(3 * time.Second)

	if err := c.nodes[1].start(); err != nil {
		t.Fatal(err)
	}
	if err := c.nodes[1].waitHealthy(ctx, 60*time.Second); err != nil {
		t.Fatal(err)
	}
	c.waitMembers(t, ctx)
	if err := c.nodes[1].terminate(30 * time.Second); err != nil {
		t.Errorf("node 2 on SIGTERM: %v", err)
	}
	waitUntil(t, ctx, "node 1 to see node 2 leave", func() bool { return scrape(t, c.ports[0])["intake_cluster_members"] == 1 })
	if err := c.nodes[0].terminate(30 * time.Second); err != nil {
		t.Errorf("node 1 on SIGTERM: %v", err)
	}

	for i, n := range c.nodes {
		for _, run := range n.runLogs() {
			checkJSONLog(t, fmt.Sprintf("node %d, %s", i+1, run.file), run.file)
		}
	}
	t.Logf("the whole run took %v", time.Since(start).Round(time.Millisecond))
}

// checkJSONLog reports every line of file that is not one JSON object or
// is at level error or above, and logs how many lines each level had, the
// warnings, and what libraries printed (the entries of logging.Capture).
func checkJSONLog(t *testing.T, name, file string) {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	levels := map[string]int{}
	lines := bufio.NewScanner(f)
	lines.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for n := 1; lines.Scan(); n++ {
		var entry struct {
			Level  string `json:"level"`
			Logger string `json:"logger"`
		}
		if err := json.Unmarshal(lines.Bytes(), &entry); err != nil || entry.Level == "" {
			t.Errorf("%s line %d is not a JSON log entry: %q", name, n, lines.Text())
			continue
		}
		levels[entry.Level]++
		switch entry.Level {
		case "error", "dpanic", "panic", "fatal":
			t.Errorf("%s line %d is at level %s: %s", name, n, entry.Level, lines.Text())
		case "warn":
			t.Logf("%s line %d: %s", name, n, lines.Text())
		default:
			if entry.Logger == "stdout" || entry.Logger == "log" {
				t.Logf("%s line %d: %s", name, n, lines.Text())
			}
		}
	}
	if err := lines.Err(); err != nil {
		t.Fatal(err)
	}
	keys := make([]string, 0, len(levels))
	for k := range levels {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	summary := ""
	for _, k := range keys {
		summary += fmt.Sprintf(" %s=%d", k, levels[k])
	}
	t.Logf("%s:%s", name, summary)
}
