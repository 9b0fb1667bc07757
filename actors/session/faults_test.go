package session_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"
	"google.golang.org/protobuf/proto"

	"github.com/intake-runtime/intake/actors/handoff"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/session"
	"github.com/intake-runtime/intake/actors/sessionpb"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/llmtest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// The durability contract, tested by breaking the table at every write a
// script makes: each write in turn either fails once (the table refuses it,
// the process lives on) or is where the process dies (that write and every
// call after it fail; the actor system is stopped and started again over what
// the table holds, as a restarted process would be). A death can also come
// while a reply's call to the platform is under way. After recovery, the
// outcome is read from the table and the fakes and compared with the same
// script run without faults.

// errTableDown is what the broken table answers.
var errTableDown = errors.New("fault injection: table unavailable")

// faultTable breaks the write numbered at (from 1) of the table it wraps.
// Writes are counted across Put, Update, Delete, BatchWrite and Transact.
type faultTable struct {
	persistence.Table
	at    int
	crash bool
	// onCommit is called after each committed turn, with the model calls made
	// so far, to tell which calls a commit made durable.
	onCommit func()

	mu     sync.Mutex
	writes int
	dead   bool
	hit    faultHit
	died   chan struct{}
}

// faultHit is what was going on when the fault struck.
type faultHit struct {
	struck bool
	commit bool // the broken write was a turn's commit
	// sendResult: the broken write recorded a reply's send result, so the
	// call before it was under way when the process died.
	sendResult bool
}

func newFaultTable(base persistence.Table, at int, crash bool) *faultTable {
	return &faultTable{Table: base, at: at, crash: crash, died: make(chan struct{})}
}

func (f *faultTable) isDead() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.dead
}

// die kills the process from the table's point of view.
func (f *faultTable) die() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.dead {
		f.dead = true
		f.hit.struck = true
		close(f.died)
	}
}

// write runs one write unless this is the one to break.
func (f *faultTable) write(commit bool, do func() error) error {
	return f.writeKind(faultHit{commit: commit}, do)
}

func (f *faultTable) writeKind(kind faultHit, do func() error) error {
	commit := kind.commit
	f.mu.Lock()
	if f.dead {
		f.mu.Unlock()
		return errTableDown
	}
	f.writes++
	if f.writes == f.at {
		f.hit = kind
		f.hit.struck = true
		if f.crash {
			f.dead = true
			close(f.died)
		}
		f.mu.Unlock()
		return errTableDown
	}
	f.mu.Unlock()
	err := do()
	if err == nil && commit && f.onCommit != nil {
		f.onCommit()
	}
	return err
}

func (f *faultTable) read() error {
	if f.isDead() {
		return errTableDown
	}
	return nil
}

func (f *faultTable) Put(ctx context.Context, item persistence.Item, cond *persistence.Condition) error {
	return f.write(false, func() error { return f.Table.Put(ctx, item, cond) })
}

func (f *faultTable) Update(ctx context.Context, key persistence.Key, upd persistence.Update, cond *persistence.Condition) (persistence.Item, error) {
	var item persistence.Item
	status, _ := upd.Set["outbox_status"].(string)
	kind := faultHit{sendResult: status != "" && status != string(domain.OutboxSending)}
	err := f.writeKind(kind, func() (err error) {
		item, err = f.Table.Update(ctx, key, upd, cond)
		return err
	})
	return item, err
}

func (f *faultTable) Delete(ctx context.Context, key persistence.Key, cond *persistence.Condition) error {
	return f.write(false, func() error { return f.Table.Delete(ctx, key, cond) })
}

func (f *faultTable) BatchWrite(ctx context.Context, puts []persistence.Item, deletes []persistence.Key) error {
	return f.write(false, func() error { return f.Table.BatchWrite(ctx, puts, deletes) })
}

func (f *faultTable) Transact(ctx context.Context, writes []persistence.TxWrite) error {
	return f.write(isTurnCommit(writes), func() error { return f.Table.Transact(ctx, writes) })
}

func (f *faultTable) Get(ctx context.Context, key persistence.Key) (persistence.Item, error) {
	if err := f.read(); err != nil {
		return nil, err
	}
	return f.Table.Get(ctx, key)
}

func (f *faultTable) Query(ctx context.Context, q persistence.Query) (persistence.Page, error) {
	if err := f.read(); err != nil {
		return persistence.Page{}, err
	}
	return f.Table.Query(ctx, q)
}

func (f *faultTable) QueryIndex(ctx context.Context, q persistence.IndexQuery) (persistence.Page, error) {
	if err := f.read(); err != nil {
		return persistence.Page{}, err
	}
	return f.Table.QueryIndex(ctx, q)
}

// isTurnCommit tells a turn's commit (a session snapshot written over its
// version, with the buffer and marker) from the other transactions.
func isTurnCommit(writes []persistence.TxWrite) bool {
	return len(writes) > 3 && strings.HasPrefix(writes[0].Target().SK, "S#")
}

// faultSender is the platform as a dying process sees it: once the table is
// dead no call leaves, and at the reply numbered at (from 1, 0 for none) the
// process dies right after the platform accepted it.
type faultSender struct {
	*messaging.Stub
	table *faultTable
	at    int

	mu    sync.Mutex
	sends int
}

func (s *faultSender) Send(ctx context.Context, to, text string) (domain.AdapterResult, error) {
	if s.table.isDead() {
		return domain.AdapterResult{ErrorKind: domain.ErrorKindTransient, Detail: "process stopped"}, nil
	}
	res, err := s.Stub.Send(ctx, to, text)
	s.mu.Lock()
	s.sends++
	n := s.sends
	s.mu.Unlock()
	if n == s.at {
		s.table.die()
	}
	return res, err
}

// script is what a customer (and an operator) do, step by step.
type script struct {
	name  string
	steps []step
}

// step delivers customer messages together (one burst), or runs an operator
// command, then waits for the conversation to be idle.
type step struct {
	messages []string
	op       *sessionpb.OperatorCommand
}

// scriptedAnswer is the model of the fault tests: it answers from the customer's
// last message only, so a turn asked again gets the same answer.
func scriptedAnswer(_ int, users []string) string {
	if len(users) == 0 {
		return `{"motivo_encerramento":"fim","resumo_texto":"resumo"}`
	}
	last := users[len(users)-1]
	switch {
	case strings.Contains(last, "tchau"):
		return `{"s":9,"qualification_data":{}} Até logo!`
	case strings.Contains(last, "atendente"):
		return `{"s":3,"qualification_data":{}} Vou chamar um atendente.`
	case strings.Contains(last, "pesquisa"):
		return `{"s":1,"service":"Pesquisa de mercado","segment":"pesquisa","intent":"contratar","qualification_data":{"tema":"varejo"}} Ótimo! Qual é o seu nome completo?`
	case strings.Contains(last, "Maria"):
		return `{"s":2,"qualification_data":{},"cadastral_data":{"nome":"Maria Silva","email":"maria@example.com","cpf_cnpj":"529.982.247-25"}} Cadastro concluído!`
	case strings.Contains(last, "Motivo") || strings.Contains(last, "Session facts"):
		return `{"motivo_encerramento":"fim","resumo_texto":"resumo"}`
	}
	return `{"s":0,"qualification_data":{}} Recebi: ` + last
}

const (
	faultPhone    = "+5511955550000"
	faultOperator = "+5511400000001"
)

var faultScripts = []script{
	{name: "one message", steps: []step{{messages: []string{"oi"}}}},
	{name: "three-message burst", steps: []step{{messages: []string{"oi", "tudo bem?", "preciso de ajuda"}}}},
	{name: "handoff", steps: []step{{messages: []string{"quero falar com um atendente"}}}},
	{name: "closing reply", steps: []step{{messages: []string{"oi"}}, {messages: []string{"tchau"}}}},
	{name: "data complete", steps: []step{{messages: []string{"quero uma pesquisa"}}, {messages: []string{"Maria Silva, maria@example.com"}}}},
	{name: "operator reply", steps: []step{
		{messages: []string{"quero falar com um atendente"}},
		{op: &sessionpb.OperatorCommand{OperatorPhone: faultOperator, Action: sessionpb.OperatorAction_OPERATOR_ACTION_CLAIM}},
		{op: &sessionpb.OperatorCommand{OperatorPhone: faultOperator, Action: sessionpb.OperatorAction_OPERATOR_ACTION_SEND, Text: "Olá, sou a Ana.", MessageId: "wamid.OP1"}},
	}},
}

// outcome is what a run left, read from the table and the fakes.
type outcome struct {
	session   domain.Session
	inbound   map[string]int // inbound log items by message ID
	sends     map[string]int // texts the platform received, by text
	unsent    int            // replies without a send result
	failed    int            // replies failed for good
	uncertain int            // resends after an unknown outcome
	calls     [][]string     // the model's inputs, call by call
	acked     []string       // message IDs acknowledged (receipt recorded)
	log       []domain.Message
}

// String summarises the run for a failure message.
func (o outcome) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "session %s v%d; model calls %q; log:", o.session.State, o.session.Version, o.calls)
	for _, m := range o.log {
		fmt.Fprintf(&b, "\n  %s %s %q outbox=%s err=%q", m.Direction, m.MessageID, m.Content, m.OutboxStatus, m.Error)
	}
	return b.String()
}

// faultRun is one run of a script over a memory table, optionally broken.
type faultRun struct {
	t       *testing.T
	h       *harness
	base    persistence.Table
	faults  *faultTable
	sender  *faultSender
	acked   []string
	seq     int
	commits []int // model calls made when each turn committed
	// restarted is set once the dead process was replaced: the fault is
	// behind the run then.
	restarted bool
}

// dead reports whether the process of the run is the one that died.
func (r *faultRun) dead() bool { return !r.restarted && r.faults.isDead() }

func TestCrashSafety(t *testing.T) {
	if testing.Short() {
		t.Skip("fault injection at every write position")
	}
	for _, sc := range faultScripts {
		t.Run(sc.name, func(t *testing.T) {
			baseline, writes, commits := runScript(t, sc, 0, false, 0)
			if writes == 0 || len(baseline.acked) == 0 {
				t.Fatalf("baseline made %d writes for %d messages", writes, len(baseline.acked))
			}
			for at := 1; at <= writes; at++ {
				for _, crash := range []bool{false, true} {
					mode := map[bool]string{false: "fail", true: "crash"}[crash]
					t.Run(fmt.Sprintf("%s at write %d", mode, at), func(t *testing.T) {
						got, hit, callsAtDeath, commitsAtDeath := runFaulted(t, sc, at, crash, 0)
						checkOutcome(t, baseline, got, commits, hit, callsAtDeath, commitsAtDeath, crash && hit.sendResult)
					})
				}
			}
			for at := 1; at <= len(baseline.sends); at++ {
				t.Run(fmt.Sprintf("crash during send %d", at), func(t *testing.T) {
					got, hit, callsAtDeath, commitsAtDeath := runFaulted(t, sc, 0, true, at)
					checkOutcome(t, baseline, got, commits, hit, callsAtDeath, commitsAtDeath, true)
				})
			}
		})
	}
}

// runScript runs sc without faults and returns its outcome, the writes it
// made and the model calls made by the time each turn committed.
func runScript(t *testing.T, sc script, at int, crash bool, sendAt int) (outcome, int, []int) {
	t.Helper()
	r := newFaultRun(t, at, crash, sendAt)
	r.play(sc)
	r.settle()
	o := r.outcome()
	r.faults.mu.Lock()
	writes := r.faults.writes
	r.faults.mu.Unlock()
	return o, writes, r.commits
}

// runFaulted runs sc with the fault and returns its outcome with what the
// fault struck, the model calls the dying process made and the turns it had
// committed.
func runFaulted(t *testing.T, sc script, at int, crash bool, sendAt int) (outcome, faultHit, int, int) {
	t.Helper()
	r := newFaultRun(t, at, crash, sendAt)
	r.play(sc)
	calls, commits := len(r.h.model.Calls()), len(r.commits)
	if r.dead() {
		r.restart()
	}
	r.settle()
	r.faults.mu.Lock()
	hit := r.faults.hit
	r.faults.mu.Unlock()
	return r.outcome(), hit, calls, commits
}

func newFaultRun(t *testing.T, at int, crash bool, sendAt int) *faultRun {
	t.Helper()
	r := &faultRun{t: t}
	h := &harness{t: t, cfg: session.Config{DebounceWindow: 10 * time.Millisecond, DebounceMaxWait: 40 * time.Millisecond}}
	h.model = llmtest.NewServerByInput(t, scriptedAnswer)
	r.base = memory.New()
	r.faults = newFaultTable(r.base, at, crash)
	r.faults.onCommit = func() { r.commits = append(r.commits, len(h.model.Calls())) }
	r.sender = &faultSender{Stub: messaging.NewStub(nil), table: r.faults, at: sendAt}
	h.table, h.sender, h.send = r.faults, r.sender.Stub, r.sender
	h.notices = handoff.NewStub(zap.NewNop())
	h.start()
	r.h = h
	return r
}

// play runs every step; a step that meets a dead process restarts it first.
func (r *faultRun) play(sc script) {
	for _, st := range sc.steps {
		for attempt := 0; ; attempt++ {
			if attempt > 20 {
				r.t.Fatalf("step %+v never went through", st)
			}
			if r.dead() {
				// The recovered conversation answers what it held before
				// the customer writes again, as a customer waiting for a
				// reply would let it.
				r.restart()
				r.settle()
			}
			if r.try(st) {
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
		r.settle()
	}
}

// try delivers a step once, as the webhook and the queue consumer would:
// the receipt first (that is the acknowledgement), then the turn. It
// reports whether the conversation took it.
func (r *faultRun) try(st step) bool {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if st.op != nil {
		cmd := proto.Clone(st.op).(*sessionpb.OperatorCommand)
		cmd.PhoneNumber = faultPhone
		if s, err := persistence.NewSessions(r.base).Active(ctx, faultPhone); err == nil {
			cmd.SessionId = s.SessionID
		}
		res, err := r.h.sup.Operate(ctx, cmd)
		return err == nil && (res.GetOk() || res.GetCode() == "duplicate" || res.GetCode() == "already_claimed")
	}
	ok := true
	for i, text := range st.messages {
		id := fmt.Sprintf("wamid.%d.%d", r.seq, i)
		turn := turn(faultPhone, id, text)
		if !r.acknowledged(id) {
			rc := persistence.NewReceipt(domain.InboundTurn{
				PhoneNumber: faultPhone, MessageID: id, Content: text, ReceivedAt: time.Now().UTC(), Instance: "instance_a",
			}, time.Now())
			if err := persistence.NewReceipts(r.base).Record(ctx, rc); err != nil && !errors.Is(err, persistence.ErrDuplicate) {
				r.t.Fatal(err)
			}
			r.acked = append(r.acked, id)
		}
		if _, err := r.h.sup.Deliver(ctx, turn); err != nil {
			ok = false
		}
	}
	if ok {
		r.seq++
	}
	return ok
}

func (r *faultRun) acknowledged(id string) bool {
	for _, a := range r.acked {
		if a == id {
			return true
		}
	}
	return false
}

// restart stops the dead process's actor system and starts a new one over
// what the table holds, then recovers as serve does: conversations with
// buffered turns or unsent replies are woken, and acknowledged messages no
// turn answered are delivered again.
func (r *faultRun) restart() {
	r.h.stop()
	r.restarted = true
	r.h.table = r.base
	r.h.send = &faultSender{Stub: r.sender.Stub, table: newFaultTable(r.base, 0, false)}
	r.faults.Table = r.base
	r.h.start()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := r.h.sup.Recover(ctx); err != nil {
		r.t.Fatal(err)
	}
	r.redeliver(ctx)
}

// redeliver hands every acknowledged, unanswered message to its
// conversation again, as the recovery sweep and the consumer do.
func (r *faultRun) redeliver(ctx context.Context) {
	receipts := persistence.NewReceipts(r.base)
	for _, id := range r.acked {
		rc, err := receipts.Get(ctx, id)
		if err != nil {
			r.t.Fatal(err)
		}
		if rc.CompletedAt == nil {
			if _, err := r.h.sup.Deliver(ctx, session.ProtoTurn(rc.InboundTurn)); err != nil {
				r.t.Fatalf("redeliver %s: %v", id, err)
			}
		}
	}
}

// settle waits until the conversation has nothing left to do: every
// acknowledged message answered, every reply sent or failed.
// A process that died meanwhile is restarted.
func (r *faultRun) settle() {
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if r.dead() {
			return // play restarts it before the next step
		}
		if r.idle() {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	r.t.Fatalf("the conversation did not settle: %+v", r.outcome())
}

func (r *faultRun) idle() bool {
	ctx := context.Background()
	receipts := persistence.NewReceipts(r.base)
	for _, id := range r.acked {
		if rc, err := receipts.Get(ctx, id); err != nil || rc.CompletedAt == nil {
			return false
		}
	}
	unsent, err := persistence.NewOutbox(r.base).Unfinished(ctx, time.Time{})
	return err == nil && len(unsent) == 0
}

func (r *faultRun) outcome() outcome {
	ctx := context.Background()
	o := outcome{inbound: map[string]int{}, sends: map[string]int{}, calls: r.h.model.Calls(), acked: r.acked}
	s, err := persistence.NewSessions(r.base).Active(ctx, faultPhone)
	if err != nil {
		r.t.Fatalf("active session: %v", err)
	}
	o.session = s
	log, err := persistence.NewMessages(r.base).List(ctx, faultPhone, s.SessionID)
	if err != nil {
		r.t.Fatal(err)
	}
	o.log = log
	for _, m := range log {
		if m.Direction == domain.DirectionInbound {
			o.inbound[m.MessageID]++
		}
		o.uncertain += m.OutboxUncertain
		switch {
		case m.Unfinished():
			o.unsent++
		case m.OutboxStatus == domain.OutboxFailed:
			o.failed++
		}
	}
	for _, s := range r.sender.Sends() {
		o.sends[s.Text]++
	}
	return o
}

// checkOutcome holds a faulted run to the contract and to its baseline: the
// same final session; every acknowledged message in exactly one committed
// turn; every committed reply sent, and sent once unless the process died
// during its call (then the resend is counted); the model asked the same
// thing again only for a turn that had not committed when the fault struck.
// A death can split a burst into consecutive turns, so the replies' texts
// are read from the faulted run's own log, not the baseline's.
func checkOutcome(t *testing.T, want, got outcome, commits []int, hit faultHit, callsAtDeath, commitsAtDeath int, duringSend bool) {
	t.Helper()
	if !hit.struck {
		return // the run made fewer writes than the baseline: nothing broke
	}
	defer func() {
		if t.Failed() {
			t.Logf("faulted run: %s\nbaseline: %s", got, want)
		}
	}()
	if got.session.State != want.session.State || got.session.RetryCount != want.session.RetryCount ||
		got.session.AssignedTo != want.session.AssignedTo || got.session.ServiceIdentified != want.session.ServiceIdentified ||
		got.session.HandoffReason != want.session.HandoffReason {
		t.Errorf("final session: state %s retry %d assigned %q service %q handoff %q; want %s %d %q %q %q",
			got.session.State, got.session.RetryCount, got.session.AssignedTo, got.session.ServiceIdentified, got.session.HandoffReason,
			want.session.State, want.session.RetryCount, want.session.AssignedTo, want.session.ServiceIdentified, want.session.HandoffReason)
	}
	for _, id := range got.acked {
		if got.inbound[id] != 1 {
			t.Errorf("acknowledged message %s is in %d committed turns, want exactly 1", id, got.inbound[id])
		}
	}
	if got.unsent != 0 || got.failed != 0 {
		t.Errorf("%d replies unsent and %d failed, want every reply sent", got.unsent, got.failed)
	}
	committed := map[string]int{}
	for _, m := range got.log {
		if m.OutboxStatus == domain.OutboxSent {
			committed[m.Content]++
		}
	}
	extra := 0
	for text, n := range committed {
		switch sent := got.sends[text]; {
		case sent < n:
			t.Errorf("reply %q committed %d times, sent %d: a reply was lost", text, n, sent)
		case sent > n:
			extra += sent - n
		}
	}
	for text := range got.sends {
		if committed[text] == 0 {
			t.Errorf("reply %q reached the customer but no committed turn holds it", text)
		}
	}
	if extra > got.uncertain || (extra > 0 && !duringSend) {
		t.Errorf("%d duplicate replies with %d counted uncertain resends (death during a send: %v)", extra, got.uncertain, duringSend)
	}
	durable := 0
	if commitsAtDeath > 0 {
		durable = commits[min(commitsAtDeath, len(commits))-1]
	}
	inFlight := callsAtDeath - durable
	if again := repeatedCalls(got.calls, want.calls); again > 0 && inFlight <= 0 && !hit.commit {
		t.Errorf("the model was asked %d questions again though every turn it had answered was committed when the fault struck", again)
	}
}

// repeatedCalls counts the model calls that asked exactly what an earlier
// call asked, beyond what the run without faults asked as often (a summary
// call asks with the same customer texts as the turn before it): a turn run
// again.
func repeatedCalls(got, want [][]string) int {
	key := func(c []string) string { return strings.Join(c, "\x00") }
	asked := map[string]int{}
	for _, c := range want {
		asked[key(c)]++
	}
	seen := map[string]int{}
	for _, c := range got {
		seen[key(c)]++
	}
	n := 0
	for k, times := range seen {
		n += max(0, times-max(asked[k], 1))
	}
	return n
}
