//go:build linux

package main_test

// The process-level test of the durability contract (every message the
// webhook acknowledged is answered, and only once, wherever the process dies):
// `intake serve` over DynamoDB Local and local-aws-sqs, with a
// fake model and a fake messaging platform, killed with SIGKILL at random
// moments while scripted customers write to it. What counts is read from the
// table and the fakes afterwards, never from logs.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awssqs "github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/intake-runtime/intake/queue"
)

// The shape of the crash run (the acceptance item of "Crash-safe turns").
const (
	crashConversations = 50
	crashConcurrency   = 20 // conversations in flight at once
	crashKills         = 20
	// crashReplyWait is how long a customer waits for the reply to a
	// message before writing the next one anyway. Recovery after a kill
	// takes RECOVERY_AFTER plus a sweep: this is far beyond it.
	crashReplyWait = 30 * time.Second
	// crashSettle bounds the wait, after the last message, for every reply
	// and for the table to show no unfinished work.
	crashSettle = 60 * time.Second
)

// The credentials and platform values every run uses. DynamoDB Local keeps
// tables per access key and region, so the test reads with the same key.
const (
	crashAccessKey     = "crashtest"
	crashRegion        = "us-east-1"
	crashAPIVersion    = "v21.0"
	crashPhoneNumberID = "PNID_CRASH"
	crashAppSecret     = "crash-app-secret"
)

// TestServeCrashSafety runs `intake serve` as a child process against the
// real test servers:
//
//   - RedeliveredQueueMessage: the queue message of a completed turn,
//     delivered 3 more times, gives no second reply and no second turn;
//   - KilledAtRandom: 50 conversations of 4 messages, once without kills
//     (the baseline) and once with 20 SIGKILLs and immediate restarts; the
//     killed run loses no acknowledged message, sends no reply twice beyond
//     the sends it counted as uncertain, and ends each conversation in the
//     baseline's state.
//
// INTAKE_CRASH_SEED=<n> replays the kill schedule of a logged seed.
func TestServeCrashSafety(t *testing.T) {
	env := newCrashEnv(t)
	t.Run("RedeliveredQueueMessage", env.testRedelivery)
	t.Run("KilledAtRandom", env.testKills)
}

// testRedelivery: the queue message of a completed turn delivered 3 more
// times gives one reply and one turn.
func (e *crashEnv) testRedelivery(t *testing.T) {
	r := e.newRun(t, "redeliver")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	const c = 0
	phone := crashPhone(c)
	id := crashMessageID(c, 0)
	reply := crashReply(crashText(c, 0))
	if err := r.deliver(ctx, c, 0); err != nil {
		t.Fatal(err)
	}
	if !r.msgs.waitFor(ctx, phone, reply, 20*time.Second) {
		t.Fatalf("no reply to %s", id)
	}
	// The turn is committed: its receipt is completed.
	waitUntil(t, ctx, "the receipt of "+id+" is completed", func() bool {
		v := r.view(t, ctx)
		rec, ok := v.receipts[id]
		return ok && rec.CompletedAt != nil
	})
	body, err := queue.Encode(queue.Message{PhoneNumber: "+" + phone, MessageID: id})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if _, err := e.queues.SendMessage(ctx, &awssqs.SendMessageInput{QueueUrl: aws.String(r.queue), MessageBody: aws.String(body)}); err != nil {
			t.Fatalf("send the queue message again: %v", err)
		}
	}
	// A later message of the same phone, then an empty queue: the consumer
	// has handled the three copies.
	if err := r.deliver(ctx, c, 1); err != nil {
		t.Fatal(err)
	}
	if !r.msgs.waitFor(ctx, phone, crashReply(crashText(c, 1)), 20*time.Second) {
		t.Fatalf("no reply to %s", crashMessageID(c, 1))
	}
	waitUntil(t, ctx, "the queue is empty", func() bool { return r.queueEmpty(ctx) })
	time.Sleep(500 * time.Millisecond) // a late second send would show by now

	if n := r.msgs.count(phone, reply); n != 1 {
		t.Errorf("the reply to %s was sent %d times after 3 redeliveries; want 1", id, n)
	}
	if n := r.msgs.count(phone, crashReply(crashText(c, 1))); n != 1 {
		t.Errorf("the reply to %s was sent %d times; want 1", crashMessageID(c, 1), n)
	}
	if n := r.model.calls.Load(); n != 2 {
		t.Errorf("the model was called %d times for 2 messages; want 2 (a redelivery must not run a turn)", n)
	}
	v := r.view(t, ctx)
	if n := v.inbound[id]; n != 1 {
		t.Errorf("%s is logged as %d inbound messages; want 1", id, n)
	}
	_, sends := r.msgs.snapshot()
	t.Logf("redelivered 3 times: %d sends in all, %d model calls", sends, r.model.calls.Load())
}

// testKills runs the script without kills, then with them, and compares.
func (e *crashEnv) testKills(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("INTAKE_CRASH_SEED"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("INTAKE_CRASH_SEED: %v", err)
		}
		seed = n
	}
	t.Logf("seed %d (INTAKE_CRASH_SEED=%d replays this kill schedule)", seed, seed)

	baseline := e.newRun(t, "baseline")
	base := baseline.runScript(t, nil)
	if t.Failed() {
		t.FailNow()
	}
	baseline.serve.stop()

	killed := e.newRun(t, "killed")
	got := killed.runScript(t, rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)))
	killed.serve.stop()

	// (3) Each conversation ends as it ended without kills.
	diffs := 0
	for c := range crashConversations {
		phone := "+" + crashPhone(c)
		w, g := base.view.finals[phone], got.view.finals[phone]
		if w == "" || g == "" {
			t.Errorf("conversation %d has no session: %q without kills, %q with", c, w, g)
			continue
		}
		if w != g {
			diffs++
			if diffs <= 10 {
				t.Errorf("conversation %d ended as\n\t%s\nwithout kills as\n\t%s", c, g, w)
			}
		}
	}
	if diffs > 0 {
		t.Errorf("%d of %d conversations ended in another state than without kills", diffs, crashConversations)
	}
	t.Logf("conversation 0 ends as %s", base.view.finals["+"+crashPhone(0)])
	t.Logf("baseline: %s", base)
	t.Logf("killed:   %s", got)
}

// scriptResult is what one run of the script produced.
type scriptResult struct {
	duration   time.Duration
	kills      int
	acked      int
	attempts   int
	late       int
	sends      int
	duplicates int
	modelCalls int64
	view       tableView
}

func (s scriptResult) String() string {
	return fmt.Sprintf("%d conversations, %d acknowledged messages (%d webhook POSTs), %d kills, %d sends, "+
		"%d duplicate sends, %d uncertain sends counted, %d late messages, %d model calls, %v",
		crashConversations, s.acked, s.attempts, s.kills, s.sends, s.duplicates, s.view.uncertain, s.late,
		s.modelCalls, s.duration.Round(time.Millisecond))
}

// runScript plays the script, killing serve when rng is set, waits until the
// work is done and checks the durability contract from the table and the
// fakes.
func (r *crashRun) runScript(t *testing.T, rng *rand.Rand) scriptResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Second)
	defer cancel()
	start := time.Now()
	res := scriptResult{}

	var killErr error
	killDone := make(chan struct{})
	playCtx, stopPlay := context.WithCancel(ctx)
	defer stopPlay()
	go func() {
		defer close(killDone)
		if rng != nil {
			res.kills, killErr = r.killer(playCtx, rng)
			if killErr != nil {
				stopPlay()
			}
		}
	}()
	playErr := r.play(playCtx)
	if playErr != nil {
		stopPlay() // the killer waits for acknowledgements that will not come
	}
	<-killDone
	if killErr != nil {
		t.Errorf("%s: killing and restarting serve: %v", r.name, killErr)
	}
	if playErr != nil {
		t.Errorf("%s: %v", r.name, playErr)
	}
	if rng != nil && res.kills != crashKills {
		t.Errorf("%s: %d kills, want %d", r.name, res.kills, crashKills)
	}

	// Settle: every reply sent and nothing left to do in the table.
	v, settled := r.settle(t, ctx, crashSettle, func() bool { return len(r.missingReplies()) == 0 })
	res.duration = time.Since(start)
	if msg := r.serve.failed(); msg != "" {
		t.Errorf("%s: %s", r.name, msg)
	}
	if !settled {
		t.Errorf("%s: not settled %v after the last message: %s; replies never sent: %v",
			r.name, crashSettle, v.unfinished(), firstN(r.missingReplies(), 10))
	}

	r.ackedMu.Lock()
	acked := slices.Clone(r.ackedIDs)
	r.ackedMu.Unlock()
	res.acked, res.late, res.modelCalls = len(acked), int(r.late.Load()), r.model.calls.Load()
	r.deliverMu.Lock()
	res.attempts = r.attempts
	r.deliverMu.Unlock()
	if want := crashConversations * crashMessages; len(acked) != want {
		t.Errorf("%s: %d messages acknowledged, want %d", r.name, len(acked), want)
	}

	// (1) No acknowledged message is lost.
	if lost := checkAnswered(t, r.name, acked, v); lost > 0 {
		t.Errorf("%s: %d acknowledged messages lost or answered more than once", r.name, lost)
	}

	// (2) Each reply is sent once; extra sends are allowed only as many as
	// the outbox counted uncertain.
	sends, total := r.msgs.snapshot()
	res.sends = total
	expected := map[sentText]bool{}
	for c := range crashConversations {
		for k := range crashMessages {
			expected[sentText{crashPhone(c), crashReply(crashText(c, k))}] = true
		}
	}
	for s, n := range sends {
		res.duplicates += n - 1
		if !expected[s] {
			t.Errorf("%s: unexpected text sent to %s (%d times): %q", r.name, s.to, n, s.body)
		}
	}
	for s := range expected {
		e := v.outbox[s]
		if e.entries != 1 {
			t.Errorf("%s: the reply %q to %s has %d outbox entries; want 1", r.name, s.body, s.to, e.entries)
		}
		if extra := sends[s] - 1; extra > e.uncertain {
			t.Errorf("%s: the reply %q went to %s %d times, but its outbox entry counts %d uncertain sends",
				r.name, s.body, s.to, sends[s], e.uncertain)
		}
	}
	if res.duplicates > v.uncertain {
		t.Errorf("%s: %d duplicate sends, but the outbox counted only %d uncertain sends", r.name, res.duplicates, v.uncertain)
		for s, n := range sends {
			if n > 1 {
				t.Logf("%s: sent %d times to %s: %q", r.name, n, s.to, s.body)
			}
		}
	}
	if v.outboxNotSent > 0 {
		t.Errorf("%s: %d replies in the outbox are not sent (status other than sent)", r.name, v.outboxNotSent)
	}
	res.view = v
	return res
}

// checkAnswered checks that every acknowledged message has a completed
// receipt and exactly one inbound log item (one committed turn), and
// returns how many do not.
func checkAnswered(t *testing.T, name string, acked []string, v tableView) int {
	t.Helper()
	lost := 0
	for _, id := range acked {
		rec, ok := v.receipts[id]
		if !ok || rec.CompletedAt == nil || v.inbound[id] != 1 {
			lost++
			if lost <= 10 {
				t.Errorf("%s: acknowledged message %s: receipt found %t, completed %t, %d inbound log items; want a completed receipt and 1",
					name, id, ok, ok && rec.CompletedAt != nil, v.inbound[id])
			}
		}
	}
	return lost
}

// waitUntil polls cond every 100 ms until it holds or ctx ends.
func waitUntil(t *testing.T, ctx context.Context, what string, cond func() bool) {
	t.Helper()
	for !cond() {
		select {
		case <-ctx.Done():
			t.Fatalf("timed out waiting until %s", what)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

func firstN(s []string, n int) []string {
	if len(s) > n {
		return append(s[:n:n], "…")
	}
	return s
}
