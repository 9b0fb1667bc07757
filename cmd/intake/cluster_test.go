//go:build linux

package main_test

// The clustered deployment (docs/cluster.md): three `intake serve` processes
// on 127.0.0.1, members of one automanaged cluster, sharing one DynamoDB
// Local table and one SQS queue, with a fake model (100-500 ms a call) and a
// fake messaging platform. What counts is read from the table and the fakes.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/internal/testservers"
)

// The shape of the cluster runs (the acceptance items of issue 14).
const (
	clusterNodes         = 3
	clusterConversations = 300
	clusterConcurrency   = 30
	clusterSettle        = 90 * time.Second
)

// TestCluster runs three members:
//
//   - Steady: 300 conversations, each one burst of 1-3 messages sent in one
//     webhook delivery, round-robin through the three nodes' webhooks;
//   - KillOneNode: the same with a SIGKILL of one node once a third of the
//     messages are acknowledged; its conversations continue on the others;
//   - RollingRestart: the same while each node in turn gets SIGTERM, must
//     exit 0, and is started again;
//   - Etcd: Steady with the members found through etcd (Debian's
//     etcd-server) instead of automanaged peers.
//
// All check, from the table and the fakes: every acknowledged message
// answered by exactly one committed turn, every burst's reply sent, and no
// reply sent twice beyond the sends the outbox counted as uncertain (a
// stale activation never sends). Steady, KillOneNode and Etcd also check
// from the members' logs that each phone was active on one node at a time
// (checkOneActivation), and Steady that an operator logged in on one node
// works on the others (operatorAcrossNodes). RoundRobin hands six
// conversations off across the members with ASSIGNMENT=round_robin: each is
// assigned exactly once, 2-2-2 over three operators.
func TestCluster(t *testing.T) {
	env := newCrashEnv(t)
	t.Run("Steady", func(t *testing.T) {
		c := env.newCluster(t, "cluster-steady")
		c.check(t, c.play(t, nil))
		c.checkMetrics(t)
		c.operatorAcrossNodes(t, 1)
		c.checkOneActivation(t)
	})
	t.Run("KillOneNode", func(t *testing.T) {
		c := env.newCluster(t, "cluster-kill")
		c.check(t, c.play(t, func(context.Context) error {
			c.down[1].Store(true)
			c.nodes[1].kill()
			t.Logf("killed node 2 with SIGKILL after %d acknowledged messages", c.acked.Load())
			return nil
		}))
		c.checkOneActivation(t)
	})
	t.Run("RollingRestart", func(t *testing.T) {
		c := env.newCluster(t, "cluster-rolling")
		// Customers who wait for their reply, fewer at once, so that the
		// load lasts through the restarts.
		c.concurrency, c.awaitReply = 10, true
		c.check(t, c.play(t, c.rollingRestart))
		// A restarting member joins through views that lack a member for a
		// moment, so two activations of a phone may overlap briefly; the
		// check above is what must hold, the overlaps are reported.
		overlaps := activationOverlaps(c.activations(t))
		t.Logf("%d overlapping activations during the restarts: %q", len(overlaps), firstN(overlaps, 5))
	})
	t.Run("NotJoinedIsNotReady", env.notJoinedIsNotReady)
	t.Run("RoundRobin", env.roundRobinAcrossMembers)
	t.Run("CleanLog", env.cleanLog)
	t.Run("FastRestart", env.fastRestart)
	t.Run("Etcd", func(t *testing.T) {
		c := env.newCluster(t, "cluster-etcd", "CLUSTER_PROVIDER", "etcd", "CLUSTER_ETCD_ENDPOINTS", testservers.Etcd(t))
		c.check(t, c.play(t, nil))
		c.checkOneActivation(t)
	})
}

// clusterRun is three serve processes over one table, queue and fakes.
type clusterRun struct {
	*crashRun
	nodes []*serveProcess
	ports []int
	// concurrency is how many conversations write at once; with awaitReply
	// each waits for its reply before the next one starts.
	concurrency int
	awaitReply  bool
	// down marks a node killed on purpose: the customers skip it.
	down []atomic.Bool
	next atomic.Int64 // round-robin
}

// newCluster starts the three members of an automanaged cluster; vars
// (name, value pairs) are added to every member's environment.
func (e *crashEnv) newCluster(t *testing.T, name string, vars ...string) *clusterRun {
	t.Helper()
	return e.newClusterOf(t, name, clusterNodes, vars...)
}

// newClusterOf is newCluster with size members.
func (e *crashEnv) newClusterOf(t *testing.T, name string, size int, vars ...string) *clusterRun {
	t.Helper()
	r := e.prepareRun(t, name)
	r.model = newSlowModel(t, func() time.Duration { return time.Duration(100+rand.IntN(400)) * time.Millisecond })
	c := &clusterRun{crashRun: r, concurrency: clusterConcurrency, down: make([]atomic.Bool, size)}
	type ports struct{ http, member, auto int }
	all := make([]ports, size)
	var peers []string
	free := freeCrashPorts(t, 3*size)
	for i := range all {
		all[i] = ports{free[3*i], free[3*i+1], free[3*i+2]}
		peers = append(peers, "127.0.0.1:"+strconv.Itoa(all[i].auto))
	}
	for i, p := range all {
		env := r.environment()
		env["PORT"] = strconv.Itoa(p.http)
		// A burst sent at once is one turn; the recovery sweep takes up only
		// messages far older than a buffered burst and its turn, or it would
		// hand every message over again while it is waiting its turn.
		env["DEBOUNCE_WINDOW"] = "1s"
		env["DEBOUNCE_MAX_WAIT"] = "2s"
		env["RECOVERY_AFTER"] = "10s"
		env["RECOVERY_INTERVAL"] = "2s"
		env["CLUSTER_ENABLED"] = "true"
		env["CLUSTER_NAME"] = name
		env["CLUSTER_HOST"] = "127.0.0.1"
		env["CLUSTER_PORT"] = strconv.Itoa(p.member)
		env["CLUSTER_AUTOMANAGED_PORT"] = strconv.Itoa(p.auto)
		env["CLUSTER_PEERS"] = strings.Join(peers, ",")
		env["METRICS_TOKEN"] = clusterMetricsToken
		env["OPERATOR_PHONES"] = clusterOperator
		for k := 0; k+1 < len(vars); k += 2 {
			env[vars[k]] = vars[k+1]
		}
		dir := filepath.Join(r.logDir, fmt.Sprintf("node-%d", i+1))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		c.nodes = append(c.nodes, startServe(t, e.bin, env, p.http, dir))
		c.ports = append(c.ports, p.http)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	for i, n := range c.nodes {
		if err := n.waitHealthy(ctx, 60*time.Second); err != nil {
			t.Fatalf("node %d: %v", i+1, err)
		}
	}
	c.waitMembers(t, ctx)
	return c
}

// waitMembers waits until every node sees all the members: before, two
// nodes may place one phone on different members, and the load starts on
// an agreed topology.
func (c *clusterRun) waitMembers(t *testing.T, ctx context.Context) {
	t.Helper()
	for i, port := range c.ports {
		for scrape(t, port)["intake_cluster_members"] != float64(len(c.nodes)) {
			select {
			case <-ctx.Done():
				t.Fatalf("node %d does not see %d members", i+1, len(c.nodes))
			case <-time.After(50 * time.Millisecond):
			}
		}
	}
}

// burst is conversation c's messages: 1 to 3 texts, the last one answered.
func burst(c int) []string {
	texts := make([]string, 1+c%3)
	for k := range texts {
		texts[k] = crashText(c, k)
	}
	return texts
}

func clusterMessageID(c, k int) string { return fmt.Sprintf("wamid.cluster.%03d.%d", c, k) }

// burstEnvelope is the platform's delivery of conversation c's whole burst.
func burstEnvelope(c int) []byte {
	phone := crashPhone(c)
	var messages []any
	for k, text := range burst(c) {
		messages = append(messages, map[string]any{
			"from": phone, "id": clusterMessageID(c, k), "timestamp": strconv.FormatInt(time.Now().Unix(), 10),
			"type": "text", "text": map[string]any{"body": text},
		})
	}
	value := map[string]any{
		"messaging_product": "whatsapp",
		"metadata":          map[string]any{"display_phone_number": "15550001111", "phone_number_id": crashPhoneNumberID},
		"messages":          messages,
	}
	body, _ := json.Marshal(map[string]any{
		"object": "whatsapp_business_account",
		"entry":  []any{map[string]any{"id": "WABA_CLUSTER", "changes": []any{map[string]any{"field": "messages", "value": value}}}},
	})
	return body
}

// deliverBurst posts conversation c's burst to the next live node's webhook.
func (c *clusterRun) deliverBurst(ctx context.Context, conv int) error {
	ids := make([]string, len(burst(conv)))
	for k := range ids {
		ids[k] = clusterMessageID(conv, k)
	}
	return c.post(ctx, burstEnvelope(conv), ids)
}

// post sends one webhook delivery of the messages ids to the next live
// node until one answers 200, as the platform retries.
func (c *clusterRun) post(ctx context.Context, body []byte, ids []string) error {
	for {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("messages %v not acknowledged: %w", ids, err)
		}
		node := int(c.next.Add(1)) % len(c.nodes)
		if c.down[node].Load() {
			continue
		}
		if msg := c.nodes[node].failed(); msg != "" {
			return errors.New(msg)
		}
		url := fmt.Sprintf("http://127.0.0.1:%d/webhook", c.ports[node])
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(cloudapi.SignatureHeader, cloudapi.Signature(crashAppSecret, body))
		resp, err := c.client.Do(req)
		if err == nil {
			var sum webhook.Summary
			decodeErr := json.NewDecoder(resp.Body).Decode(&sum)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				if decodeErr != nil || sum.Accepted+sum.Duplicates != len(ids) {
					return fmt.Errorf("messages %v: 200 with %+v (%v)", ids, sum, decodeErr)
				}
				c.ackedMu.Lock()
				c.ackedIDs = append(c.ackedIDs, ids...)
				c.ackedMu.Unlock()
				c.acked.Add(int64(len(ids)))
				return nil
			}
		}
		select {
		case <-ctx.Done():
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// play sends every conversation's burst, clusterConcurrency at a time, and
// runs disrupt (when set) once a third of the messages are acknowledged. It
// returns the acknowledged message IDs.
func (c *clusterRun) play(t *testing.T, disrupt func(context.Context) error) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	total := 0
	for conv := range clusterConversations {
		total += len(burst(conv))
	}
	var disrupted sync.WaitGroup
	if disrupt != nil {
		disrupted.Go(func() {
			for c.acked.Load() < int64(total/3) && ctx.Err() == nil {
				time.Sleep(5 * time.Millisecond)
			}
			if err := disrupt(ctx); err != nil {
				t.Error(err)
			}
		})
	}
	if err := forEach(clusterConversations, c.concurrency, func(conv int) error {
		if err := c.deliverBurst(ctx, conv); err != nil || !c.awaitReply {
			return err
		}
		for c.repliesTo(conv) == 0 && ctx.Err() == nil {
			time.Sleep(20 * time.Millisecond)
		}
		return nil
	}); err != nil {
		t.Error(err)
	}
	disrupted.Wait()
	c.ackedMu.Lock()
	defer c.ackedMu.Unlock()
	if len(c.ackedIDs) != total {
		t.Errorf("%d messages acknowledged, want %d", len(c.ackedIDs), total)
	}
	return append([]string(nil), c.ackedIDs...)
}

// rollingRestart stops each node in turn with SIGTERM, which must exit 0,
// and starts it again; the customers skip a node while it is down.
func (c *clusterRun) rollingRestart(ctx context.Context) error {
	for i, n := range c.nodes {
		c.down[i].Store(true)
		start := time.Now()
		if err := n.terminate(30 * time.Second); err != nil {
			return fmt.Errorf("node %d on SIGTERM: %w", i+1, err)
		}
		c.t.Logf("node %d exited 0 %v after SIGTERM (%d messages acknowledged)", i+1, time.Since(start).Round(time.Millisecond), c.acked.Load())
		if err := n.start(); err != nil {
			return err
		}
		if err := n.waitHealthy(ctx, 60*time.Second); err != nil {
			return fmt.Errorf("node %d after its restart: %w", i+1, err)
		}
		c.down[i].Store(false)
	}
	return nil
}

// checkMetrics reads every node's /metrics: each sees three members, and
// the deliveries of its queue consumer went through the cluster.
func (c *clusterRun) checkMetrics(t *testing.T) {
	t.Helper()
	delivered := 0.0
	for i, port := range c.ports {
		if status, code := readyz(t, c.client, port); status != http.StatusOK {
			t.Errorf("node %d: /readyz %d %q in a cluster it has joined", i+1, status, code)
		}
		m := scrape(t, port)
		if n := m["intake_cluster_members"]; n != clusterNodes {
			t.Errorf("node %d: intake_cluster_members %v, want %d", i+1, n, clusterNodes)
		}
		delivered += m[`intake_cluster_requests_total{outcome="ok",request="deliver"}`]
	}
	if delivered < clusterConversations {
		t.Errorf("the nodes count %v deliveries through the cluster; want at least one per conversation (%d)", delivered, clusterConversations)
	}
	t.Logf("deliveries through the cluster: %v", delivered)
}

// clusterMetricsToken is the METRICS_TOKEN the members ask scrapers for.
const clusterMetricsToken = "cluster-test-metrics-token"

// scrape reads the samples of GET /metrics on port, by series.
func scrape(t *testing.T, port int) map[string]float64 {
	t.Helper()
	samples, err := scrapeOnce(port)
	if err != nil {
		t.Fatal(err)
	}
	return samples
}

// scrapeOnce is scrape for a goroutine: it returns its error.
func scrapeOnce(port int) (map[string]float64, error) {
	client := &http.Client{Timeout: 5 * time.Second}
	defer client.CloseIdleConnections()
	req, err := http.NewRequest(http.MethodGet, fmt.Sprintf("http://127.0.0.1:%d/metrics", port), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+clusterMetricsToken)
	res, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("GET /metrics on port %d answered %d", port, res.StatusCode)
	}
	body, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, err
	}
	samples := map[string]float64{}
	for line := range strings.SplitSeq(string(body), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		if v, err := strconv.ParseFloat(line[i+1:], 64); err == nil {
			samples[line[:i]] = v
		}
	}
	return samples, nil
}

// repliesTo counts the replies conversation conv was sent, one per text
// of its burst a turn answered.
func (c *clusterRun) repliesTo(conv int) int {
	n := 0
	for _, text := range burst(conv) {
		n += c.msgs.count(crashPhone(conv), crashReply(text))
	}
	return n
}

// missingBursts lists the conversations whose burst no reply answered yet.
func (c *clusterRun) missingBursts() []string {
	var missing []string
	for conv := range clusterConversations {
		if c.repliesTo(conv) == 0 {
			missing = append(missing, strconv.Itoa(conv))
		}
	}
	return missing
}

// check waits until every reply is sent and the table shows no unfinished
// work, then checks the durability contract across the nodes.
func (c *clusterRun) check(t *testing.T, acked []string) {
	t.Helper()
	start := time.Now()
	v, settled := c.settle(t, context.Background(), clusterSettle, func() bool { return len(c.missingBursts()) == 0 })
	for i, n := range c.nodes {
		if msg := n.failed(); msg != "" && !c.down[i].Load() {
			t.Errorf("node %d: %s", i+1, msg)
		}
	}
	if !settled {
		t.Errorf("not settled %v after the last message: %s", clusterSettle, v.unfinished())
	}
	if m := c.missingBursts(); len(m) > 0 {
		t.Errorf("%d bursts never answered (conversations %v)", len(m), firstN(m, 10))
	}
	lost := checkAnswered(t, c.name, acked, v)
	// Replies: each text sent once, beyond the counted uncertain sends. A
	// burst whose messages reached its conversation further apart than the
	// debounce window is answered once per turn (split): counted, not
	// failed, as the queue does not keep a burst together.
	sends, total := c.msgs.snapshot()
	duplicates, splits := 0, 0
	for s, n := range sends {
		duplicates += n - 1
		if e := v.outbox[s]; n-1 > e.uncertain {
			t.Errorf("the reply %q went to %s %d times, but its outbox entry counts %d uncertain sends", s.body, s.to, n, e.uncertain)
		}
	}
	for conv := range clusterConversations {
		answered := 0
		for _, text := range burst(conv) {
			if c.msgs.count(crashPhone(conv), crashReply(text)) > 0 {
				answered++
			}
		}
		if answered > 1 {
			splits++
		}
	}
	if v.outboxNotSent > 0 {
		t.Errorf("%d replies in the outbox are not sent", v.outboxNotSent)
	}
	t.Logf("%d conversations, %d acknowledged messages, %d lost, %d sends, %d duplicate sends, %d uncertain sends counted, %d bursts split, %d model calls; settled in %v",
		clusterConversations, len(acked), lost, total, duplicates, v.uncertain, splits, c.model.calls.Load(), time.Since(start).Round(time.Millisecond))
}
