//go:build linux

package main_test

// A member killed and started again at once (issue 35): while the members
// disagree on the topology a phone may be placed on two of them, but from a
// second after they agree again, no phone runs on two members.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"
)

// restartRuns is how many times FastRestart kills and restarts a member:
// INTAKE_RESTART_RUNS, or 2 (about 40 s, for `make test`); `make bench` runs
// the 5 of the acceptance (about 100 s).
func restartRuns() int {
	if n, err := strconv.Atoi(os.Getenv("INTAKE_RESTART_RUNS")); err == nil && n > 0 {
		return n
	}
	return 2
}

// The shape of the fast-restart runs.
const (
	restartPhones   = 60
	restartMessages = 5
	// restartPause is how long a killed member stays down.
	restartPause = 300 * time.Millisecond
	// restartQuiet is how long after the members agree that two
	// activations of one phone may still overlap: a moved activation stops
	// within it.
	restartQuiet = time.Second
	// restartReplyWait bounds a customer's wait for each reply; a message
	// the killed member held comes back through the recovery sweep.
	restartReplyWait = 30 * time.Second
)

// fastRestart runs three members with the in-process queue, restartRuns()
// times on one cluster: restartPhones customers write restartMessages
// messages each, one at a time, each after the previous reply, round-robin
// through the members' webhooks; once a third are acknowledged, a member
// (another each run) is killed with SIGKILL and started again after
// restartPause. From restartQuiet after every member reports the restarted
// topology agreed, no phone may be active on two members (from the
// members' activation lines); and, from the table and the messaging fake,
// every acknowledged message is answered by exactly one committed turn and
// every reply is sent once.
func (e *crashEnv) fastRestart(t *testing.T) {
	start := time.Now()
	c := e.newCluster(t, "cluster-restart",
		"INBOUND_QUEUE_URL", "", // the in-process queue
		"DEBOUNCE_WINDOW", "200ms", "DEBOUNCE_MAX_WAIT", "500ms")
	var pairs []int
	runs := restartRuns()
	for run := range runs {
		victim := run % len(c.nodes)
		agreed := c.restartRun(t, run, victim)
		overlaps := overlapsAfter(c.activations(t), agreed.Add(restartQuiet))
		pairs = append(pairs, len(overlaps))
		for _, o := range firstN(overlaps, 5) {
			t.Errorf("run %d: %s", run+1, o)
		}
	}
	t.Logf("phones active on two members from %v after the members agreed, per run: %v", restartQuiet, pairs)
	for _, n := range pairs {
		if n > 0 {
			t.Errorf("phones active on two members after the topology agreed, per run: %v; want 0 in every run", pairs)
			break
		}
	}
	c.ackedMu.Lock()
	acked := append([]string(nil), c.ackedIDs...)
	c.ackedMu.Unlock()
	if want := runs * restartPhones * restartMessages; len(acked) != want {
		t.Errorf("%d messages acknowledged, want %d", len(acked), want)
	}
	v, settled := c.settle(t, context.Background(), clusterSettle, func() bool { return len(c.missingRestartReplies(runs)) == 0 })
	if !settled {
		t.Errorf("not settled %v after the last message: %s; replies missing: %v", clusterSettle, v.unfinished(), firstN(c.missingRestartReplies(runs), 10))
	}
	lost := checkAnswered(t, c.name, acked, v)
	sends, total := c.msgs.snapshot()
	for s, n := range sends {
		if e := v.outbox[s]; n-1 > e.uncertain {
			t.Errorf("the reply %q went to %s %d times, but its outbox entry counts %d uncertain sends", s.body, s.to, n, e.uncertain)
		}
	}
	t.Logf("%d runs, %d acknowledged messages, %d lost, %d sends, %d model calls; %v in all",
		runs, len(acked), lost, total, c.model.calls.Load(), time.Since(start).Round(time.Millisecond))
}

// restartRun plays run's customers while it kills node victim and starts it
// again, and returns when the test saw every member agree on the topology
// after the restart.
func (c *clusterRun) restartRun(t *testing.T, run, victim int) time.Time {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	base := c.acked.Load()
	var agreed time.Time
	done := make(chan error, 1)
	go func() {
		for c.acked.Load()-base < restartPhones*restartMessages/3 && ctx.Err() == nil {
			time.Sleep(5 * time.Millisecond)
		}
		c.down[victim].Store(true)
		c.nodes[victim].kill()
		time.Sleep(restartPause)
		if err := c.nodes[victim].start(); err != nil {
			done <- err
			return
		}
		if err := c.nodes[victim].waitHealthy(ctx, 60*time.Second); err != nil {
			done <- err
			return
		}
		c.down[victim].Store(false)
		at, err := c.waitAgreed(ctx)
		agreed = at
		done <- err
	}()
	if err := forEach(restartPhones, restartPhones, func(p int) error {
		conv := run*restartPhones + p
		for k := range restartMessages {
			id := restartMessageID(conv, k)
			if err := c.post(ctx, restartEnvelope(conv, k), []string{id}); err != nil {
				return err
			}
			if !c.msgs.waitFor(ctx, crashPhone(conv), crashReply(restartText(conv, k)), restartReplyWait) {
				return fmt.Errorf("no reply to %s within %v", id, restartReplyWait)
			}
		}
		return nil
	}); err != nil {
		t.Errorf("run %d: %v", run+1, err)
	}
	if err := <-done; err != nil {
		t.Fatalf("run %d, node %d: %v", run+1, victim+1, err)
	}
	t.Logf("run %d: node %d killed and started again; the members agreed %v before the customers were done",
		run+1, victim+1, time.Since(agreed).Round(time.Millisecond))
	return agreed
}

// waitAgreed waits until every member counts all the members and reports
// its topology agreed (intake_cluster_topology_agreed), and returns when it
// saw so. A member reports agreement only when every member gossips its
// topology, so the restarted member's agreement is the new topology's.
func (c *clusterRun) waitAgreed(ctx context.Context) (time.Time, error) {
	for {
		all := true
		for _, port := range c.ports {
			m, err := scrapeOnce(port)
			if err != nil || m["intake_cluster_members"] != float64(len(c.nodes)) || m["intake_cluster_topology_agreed"] != 1 {
				all = false
				break
			}
		}
		if all {
			return time.Now(), nil
		}
		select {
		case <-ctx.Done():
			return time.Time{}, fmt.Errorf("the members never agreed on the topology: %w", ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// overlapsAfter lists, for each phone, the pairs of its activations on two
// members that were both live at some moment after from.
func overlapsAfter(byPhone map[string][]activation, from time.Time) []string {
	clipped := map[string][]activation{}
	for phone, acts := range byPhone {
		for _, a := range acts {
			if a.to.After(from) {
				a.from = later(a.from, from)
				clipped[phone] = append(clipped[phone], a)
			}
		}
	}
	return activationOverlaps(clipped)
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func restartMessageID(c, k int) string { return fmt.Sprintf("wamid.restart.%03d.%d", c, k) }

// restartText is message k of conversation c: unique, so its reply is too.
func restartText(c, k int) string { return fmt.Sprintf("mensagem %d do cliente %03d", k+1, c) }

// restartEnvelope is the platform's delivery of message k of conversation c.
func restartEnvelope(c, k int) []byte {
	value := map[string]any{
		"messaging_product": "whatsapp",
		"metadata":          map[string]any{"display_phone_number": "15550001111", "phone_number_id": crashPhoneNumberID},
		"messages": []any{map[string]any{
			"from": crashPhone(c), "id": restartMessageID(c, k), "timestamp": strconv.FormatInt(time.Now().Unix(), 10),
			"type": "text", "text": map[string]any{"body": restartText(c, k)},
		}},
	}
	body, _ := json.Marshal(map[string]any{
		"object": "whatsapp_business_account",
		"entry":  []any{map[string]any{"id": "WABA_RESTART", "changes": []any{map[string]any{"field": "messages", "value": value}}}},
	})
	return body
}

// missingRestartReplies lists the messages of the runs not answered yet.
func (c *clusterRun) missingRestartReplies(runs int) []string {
	var missing []string
	for conv := range runs * restartPhones {
		for k := range restartMessages {
			if c.msgs.count(crashPhone(conv), crashReply(restartText(conv, k))) == 0 {
				missing = append(missing, restartMessageID(conv, k))
			}
		}
	}
	return missing
}
