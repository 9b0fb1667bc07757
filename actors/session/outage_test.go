package session_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/internal/llmtest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// A table outage, as the conversations live through it: every request fails
// while the table is down, and the table comes back as it was.

// outageTable is a table that can be taken down: while down, every read and
// write fails with errTableDown and nothing is applied.
type outageTable struct {
	persistence.Table
	down atomic.Bool
	// refused counts the requests refused while down.
	refused atomic.Int64
}

func (o *outageTable) fail() error {
	if o.down.Load() {
		o.refused.Add(1)
		return errTableDown
	}
	return nil
}

func (o *outageTable) Put(ctx context.Context, item persistence.Item, cond *persistence.Condition) error {
	if err := o.fail(); err != nil {
		return err
	}
	return o.Table.Put(ctx, item, cond)
}

func (o *outageTable) Update(ctx context.Context, key persistence.Key, upd persistence.Update, cond *persistence.Condition) (persistence.Item, error) {
	if err := o.fail(); err != nil {
		return nil, err
	}
	return o.Table.Update(ctx, key, upd, cond)
}

func (o *outageTable) Delete(ctx context.Context, key persistence.Key, cond *persistence.Condition) error {
	if err := o.fail(); err != nil {
		return err
	}
	return o.Table.Delete(ctx, key, cond)
}

func (o *outageTable) BatchWrite(ctx context.Context, puts []persistence.Item, deletes []persistence.Key) error {
	if err := o.fail(); err != nil {
		return err
	}
	return o.Table.BatchWrite(ctx, puts, deletes)
}

func (o *outageTable) Transact(ctx context.Context, writes []persistence.TxWrite) error {
	if err := o.fail(); err != nil {
		return err
	}
	return o.Table.Transact(ctx, writes)
}

func (o *outageTable) Get(ctx context.Context, key persistence.Key) (persistence.Item, error) {
	if err := o.fail(); err != nil {
		return nil, err
	}
	return o.Table.Get(ctx, key)
}

func (o *outageTable) Query(ctx context.Context, q persistence.Query) (persistence.Page, error) {
	if err := o.fail(); err != nil {
		return persistence.Page{}, err
	}
	return o.Table.Query(ctx, q)
}

func (o *outageTable) QueryIndex(ctx context.Context, q persistence.IndexQuery) (persistence.Page, error) {
	if err := o.fail(); err != nil {
		return persistence.Page{}, err
	}
	return o.Table.QueryIndex(ctx, q)
}

// outageRun is a harness over an outage table with production's debounce
// window, and the conversations it runs.
type outageRun struct {
	*harness
	base   persistence.Table
	outage *outageTable
	phones []string
}

func newOutageRun(t *testing.T, conversations int) *outageRun {
	t.Helper()
	leaktest.Check(t)
	base := memory.New()
	r := &outageRun{base: base, outage: &outageTable{Table: base}}
	h := &harness{t: t, table: r.outage, sender: messaging.NewStub(zap.NewNop()), notices: handoff.NewStub(zap.NewNop())}
	// Production's debounce window: the outage's cost is counted in its
	// windows.
	h.cfg = session.Config{DebounceWindow: 2 * time.Second, DebounceMaxWait: 8 * time.Second}
	h.model = llmtest.NewServerByInput(t, func(_ int, users []string) string {
		return `{"s":0,"qualification_data":{}} Recebi: ` + users[len(users)-1]
	})
	h.core, h.logs = observer.New(zap.InfoLevel)
	h.start()
	r.harness = h
	for i := range conversations {
		r.phones = append(r.phones, fmt.Sprintf("+55119666%05d", i))
	}
	return r
}

// accept records the receipt of message id, as the webhook does before it
// answers 200, and hands it to its conversation.
func (r *outageRun) accept(phone, id, text string) {
	r.t.Helper()
	ctx := context.Background()
	rc := persistence.NewReceipt(domain.InboundTurn{PhoneNumber: phone, MessageID: id, Content: text, ReceivedAt: time.Now().UTC(), Instance: "instance_a"}, time.Now())
	if err := persistence.NewReceipts(r.base).Record(ctx, rc); err != nil {
		r.t.Fatal(err)
	}
	r.deliver(phone, id, text)
}

// firstTurns gives each conversation one committed, answered turn.
func (r *outageRun) firstTurns() {
	r.t.Helper()
	for i, phone := range r.phones {
		r.accept(phone, fmt.Sprintf("wamid.first.%d", i), "oi")
	}
	r.waitSends(len(r.phones))
}

// answered waits until every receipt of ids is completed and every reply
// was sent, for at most within.
func (r *outageRun) answered(ids []string, within time.Duration) {
	r.t.Helper()
	deadline := time.Now().Add(within)
	for time.Now().Before(deadline) {
		if r.unanswered(ids) == 0 {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	r.t.Fatalf("%d of %d messages unanswered after %s", r.unanswered(ids), len(ids), within)
}

func (r *outageRun) unanswered(ids []string) int {
	ctx := context.Background()
	n := 0
	for _, id := range ids {
		if rc, err := persistence.NewReceipts(r.base).Get(ctx, id); err != nil || rc.CompletedAt == nil {
			n++
		}
	}
	if unsent, err := persistence.NewOutbox(r.base).Unfinished(ctx, time.Time{}); err != nil || len(unsent) > 0 {
		n++
	}
	return n
}

// errorLines counts the lines logged at error level and above.
func (r *outageRun) errorLines() int {
	return r.logs.Filter(func(e observer.LoggedEntry) bool { return e.Level >= zapcore.ErrorLevel }).Len()
}

// errorsByMessage counts the error lines by message, for a failure report.
func (r *outageRun) errorsByMessage() map[string]int {
	by := map[string]int{}
	for _, e := range r.logs.All() {
		if e.Level >= zapcore.ErrorLevel {
			by[e.Message]++
		}
	}
	return by
}

// bufferedThroughOutage runs the outage scenario: every conversation has
// one committed turn, then one message each is acknowledged and buffered,
// and the table goes down for outage before the debounce window ends. It
// returns the model calls made since the first turns, and the messages.
func (r *outageRun) bufferedThroughOutage(outage time.Duration) (int, []string) {
	r.t.Helper()
	r.firstTurns()
	before := len(r.model.Calls())
	var ids []string
	for i, phone := range r.phones {
		id := fmt.Sprintf("wamid.buffered.%d", i)
		r.accept(phone, id, fmt.Sprintf("mensagem %d", i))
		ids = append(ids, id)
	}
	r.outage.down.Store(true)
	time.Sleep(outage)
	r.outage.down.Store(false)
	r.answered(ids, 15*time.Second)
	return len(r.model.Calls()) - before, ids
}

// TestTableOutageCostsOneModelCallPerBufferedTurn is the acceptance of a 20 s
// table outage: five conversations, each with one committed turn, get one
// message each, acknowledged and buffered, and the table goes down before
// the debounce window ends. Each turn asks the model once and keeps its
// answer while its commit is retried with backoff; once the table is back,
// every conversation is answered exactly once, with that answer. The test
// takes about 25 s (the outage plus at most one backoff step).
func TestTableOutageCostsOneModelCallPerBufferedTurn(t *testing.T) {
	if testing.Short() {
		t.Skip("a 20 s outage")
	}
	r := newOutageRun(t, 5)
	calls, _ := r.bufferedThroughOutage(20 * time.Second)
	if calls != len(r.phones) {
		t.Errorf("model calls for the buffered turns = %d, want %d (one per turn)", calls, len(r.phones))
	}
	sends := r.sender.Sends()
	if len(sends) != 2*len(r.phones) {
		t.Errorf("platform received %d replies, want %d (two per conversation)", len(sends), 2*len(r.phones))
	}
	per := map[string]int{}
	for _, s := range sends {
		per[s.To]++
	}
	for _, phone := range r.phones {
		if n := per[strings.TrimPrefix(phone, "+")]; n != 2 {
			t.Errorf("%s received %d replies, want 2", phone, n)
		}
		if n := countInbound(r.messages(phone)); n != 2 {
			t.Errorf("%s has %d customer messages in committed turns, want 2", phone, n)
		}
	}
	t.Logf("model calls %d, error lines %d by message %v, refused requests %d", calls, r.errorLines(), r.errorsByMessage(), r.outage.refused.Load())
}

// TestTableOutageOfAMinuteLogsFewErrorLines is the acceptance of a 60 s
// outage's log: its failures are written once per cause every ten seconds
// with a count, however many conversations retry, so the outage is at most
// seven lines per cause (one when it starts, one per interval after), well
// under 50; before, each conversation wrote a line per debounce window. It
// runs the real minute (about 65 s), as the acceptance asks: the limit is
// per wall-clock interval. (It cannot run beside the 20 s test: each checks
// that it leaves no goroutine behind.)
func TestTableOutageOfAMinuteLogsFewErrorLines(t *testing.T) {
	if testing.Short() {
		t.Skip("a 60 s outage")
	}
	r := newOutageRun(t, 5)
	calls, ids := r.bufferedThroughOutage(60 * time.Second)
	if lines := r.errorLines(); lines > 50 {
		t.Errorf("a 60 s outage wrote %d error lines, want at most 50: %v", lines, r.errorsByMessage())
	}
	for _, phone := range r.phones {
		if n := countInbound(r.messages(phone)); n != 2 {
			t.Errorf("%s has %d customer messages in committed turns, want 2", phone, n)
		}
	}
	t.Logf("%d messages, model calls %d, error lines %d by message %v, refused requests %d", len(ids), calls, r.errorLines(), r.errorsByMessage(), r.outage.refused.Load())
}

// lostResponseTable applies the turn commit numbered lose (from 1) and then
// answers as if the table could not be reached: the commit is stored, but
// the conversation does not know it.
type lostResponseTable struct {
	persistence.Table
	lose    int64
	commits atomic.Int64
}

func (l *lostResponseTable) Transact(ctx context.Context, writes []persistence.TxWrite) error {
	if !isTurnCommit(writes) {
		return l.Table.Transact(ctx, writes)
	}
	err := l.Table.Transact(ctx, writes)
	if l.commits.Add(1) == l.lose && err == nil {
		return fmt.Errorf("response lost after the commit was applied: %w", errTableDown)
	}
	return err
}

// A commit applied by the table whose answer was lost is retried, and the
// retry, the same transaction, is refused: the session moved past the
// version it was built on, and its messages are answered. The conversation
// reloads what the table holds and sends the committed reply, once: no
// second turn, no second model call, no duplicate reply.
func TestCommitAppliedButAnswerLostIsNotWrittenTwice(t *testing.T) {
	tests := []struct {
		name string
		lose int64 // the turn commit whose answer is lost
	}{
		{"the turn that creates the session", 1},
		{"a later turn", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, session.Config{DebounceWindow: 20 * time.Millisecond, DebounceMaxWait: 100 * time.Millisecond}, llmtest.AnswerWith("Olá! Em que posso ajudar?"))
			base := h.table
			lost := &lostResponseTable{Table: base, lose: tt.lose}
			h.stop()
			h.table = lost
			h.start()
			const phone = "+5511955551234"
			ids := []string{"wamid.L1", "wamid.L2"}[:tt.lose]
			for i, id := range ids {
				h.deliver(phone, id, "oi")
				h.waitSends(i + 1)
			}
			time.Sleep(500 * time.Millisecond) // a second turn or reply would land here
			if calls := len(h.model.Calls()); calls != len(ids) {
				t.Errorf("model calls = %d, want %d (one per turn)", calls, len(ids))
			}
			if sends := h.sender.Sends(); len(sends) != len(ids) {
				t.Errorf("platform received %d replies, want %d: %+v", len(sends), len(ids), sends)
			}
			h.table = base
			log := h.messages(phone)
			if n := countInbound(log); n != len(ids) {
				t.Errorf("%d customer messages in committed turns, want %d", n, len(ids))
			}
			for _, m := range log {
				if m.Unfinished() {
					t.Errorf("reply %s still unsent", m.MessageID)
				}
			}
			if lost.commits.Load() <= tt.lose {
				t.Errorf("%d turn commits, want the lost one retried", lost.commits.Load())
			}
		})
	}
}
