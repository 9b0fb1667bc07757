package runtime_test

import (
	"context"
	"fmt"
	"os"
	goruntime "runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"text/tabwriter"
	"time"
	"weak"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/dynamo"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/persistence/persistencetest"
	"github.com/intake-runtime/intake/runtime"
)

// e2eLargeEnv enables the 100,000-phone cases, which take minutes.
const e2eLargeEnv = "INTAKE_BENCH_LARGE"

// BenchmarkEndToEnd measures what the whole application costs per turn
// against the yardstick of a minimal service, in the same run: N phones each
// send one message through POST /webhook, and a round ends when the
// platform fake has every reply. The application runs as the emulator does
// (in-process queue) with real HTTP clients against
// zero-latency fakes of the model and the messaging platform (CRM and ERP
// off, a 1 ms debounce); the yardstick (e2e_yardstick_test.go) does the same
// external calls per message, and the four table requests of a new phone's
// durable turn on a table of the same kind, in a bare fiber handler. Both
// see the same load
// (e2eConns connections, at most e2eWindow conversations awaiting a reply).
//
// It reports turns/s of both and their ratio, CPU time per turn of the
// whole process (fakes and load included, in both) and its ratio (the
// yardstick's over the application's: on a shared machine, where turns/s
// follow whatever CPU other processes leave, it is the steadier figure),
// heap allocations per turn (of the whole process, as CPU), table requests
// per turn and new TCP connections per outbound call, and logs them as a
// table. The 100,000-phone case runs only with INTAKE_BENCH_LARGE=1. Every
// round stops by itself: a minute without a reply fails it. No test asserts
// on these numbers.
func BenchmarkEndToEnd(b *testing.B) { byPhones(b, benchEndToEnd) }

// e2ePhonesEnv replaces the 10,000-phone case with a round of that many
// phones: a quicker comparison on a busy machine, where DynamoDB Local takes
// about a minute per 1,000 phones.
const e2ePhonesEnv = "INTAKE_BENCH_PHONES"

// byPhones runs bench as sub-benchmarks of 10,000 (or e2ePhonesEnv) and
// 100,000 phones, the latter only when e2eLargeEnv is set.
func byPhones(b *testing.B, bench func(b *testing.B, phones int)) {
	small := 10_000
	if n, err := strconv.Atoi(os.Getenv(e2ePhonesEnv)); err == nil && n > 0 {
		small = n
	}
	for _, phones := range []int{small, 100_000} {
		b.Run(fmt.Sprintf("phones=%d", phones), func(b *testing.B) {
			if phones > 10_000 && os.Getenv(e2eLargeEnv) == "" {
				b.Skipf("%d phones take minutes: set %s=1 to run them", phones, e2eLargeEnv)
			}
			bench(b, phones)
		})
	}
}

// benchEndToEnd runs the application over each table: the emulator's memory
// table, and DynamoDB Local, in its own process as DynamoDB is, so that the
// application's CPU is its own plus the SDK's requests production pays for,
// and its heap holds no table.
func benchEndToEnd(b *testing.B, phones int) {
	tables := []struct {
		name string
		new  func(b *testing.B) persistence.Table
	}{
		{"memory", func(*testing.B) persistence.Table { return memory.New() }},
		{"dynamodb-local", func(b *testing.B) persistence.Table {
			client, name := newDynamoLocalTable(b, "e2e")
			return dynamo.New(client, name)
		}},
	}
	for _, table := range tables {
		b.Run("table="+table.name, func(b *testing.B) {
			skipSlowTable(b, table.name, phones)
			f := newE2EFakes(b)
			var app, yard e2eRun
			for b.Loop() {
				goruntime.GC()
				a := runApp(b, f, phones, table.new(b))
				goruntime.GC()
				y := runYardstick(b, f, phones, a.promptBytes(), table.new(b))
				app.add(a)
				yard.add(y)
			}
			reportEndToEnd(b, app, yard)
		})
	}
}

// dynamoLocalPhones is the most phones a benchmark sends through DynamoDB
// Local: on this 2-core machine it takes about a minute per 1,000 phones,
// and it shares the cores with the application.
const dynamoLocalPhones = 10_000

// skipSlowTable skips a round over DynamoDB Local larger than
// dynamoLocalPhones.
func skipSlowTable(b *testing.B, table string, phones int) {
	if table != "memory" && phones > dynamoLocalPhones {
		b.Skipf("%d phones over %s would take hours: it runs up to %d", phones, table, dynamoLocalPhones)
	}
}

// e2eEnv is the application's configuration against the fakes f.
func e2eEnv(f *e2eFakes) map[string]string {
	return map[string]string{
		"LLM_API_KEY": "test-key", "LLM_BASE_URL": f.model.URL + "/v1", "LLM_MODEL": "test-model",
		"MESSAGING_CLOUD_ENABLED": "true", "MESSAGING_API_BASE_URL": f.platform.URL,
		"MESSAGING_ACCESS_TOKEN": "bench-token", "MESSAGING_PHONE_NUMBER_ID": "PNID",
		"MESSAGING_MAX_RPS": "1000000",
		"CRM_ENABLED":       "false", "ERP_ENABLED": "false", "HANDOFF_NOTIFIER_ENABLED": "false",
		"DEBOUNCE_WINDOW": "1ms", "DEBOUNCE_MAX_WAIT": "5ms",
		"RECOVERY_INTERVAL": "1h", "SYNC_INTERVAL": "1h",
		"DATA_RETENTION": "24h",            // the emulator's
		"METRICS_TOKEN":  testMetricsToken, // sessionActors scrapes /metrics
	}
}

// e2eApp is the application running over a table (counted), until stop
// (which waits for Run to return; b's cleanup calls it too).
type e2eApp struct {
	app   *runtime.App
	addr  string
	table *persistencetest.CountingTable
	stop  func()
}

// startApp starts a new application against the fakes f over table.
func startApp(b *testing.B, f *e2eFakes, table persistence.Table) *e2eApp {
	a := &e2eApp{table: &persistencetest.CountingTable{Table: table}}
	var err error
	a.app, err = runtime.New(context.Background(), load(b, e2eEnv(f)), zap.NewNop(), runtime.Options{Table: a.table})
	if err != nil {
		b.Fatal(err)
	}
	ln := listen(b)
	a.addr = ln.Addr().String()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.app.Run(ctx, ln) }()
	var once sync.Once
	a.stop = func() {
		once.Do(func() {
			cancel()
			if err := <-done; err != nil {
				b.Error(err)
			}
		})
	}
	b.Cleanup(a.stop)
	return a
}

// drive runs a round of phones through the application.
func (a *e2eApp) drive(b *testing.B, f *e2eFakes, phones int) e2eRun {
	before := a.table.Requests()
	run := drive(b, a.addr, f.begin(phones, e2eWindow))
	run.tableCalls = a.table.Requests() - before
	return run
}

// runApp drives phones through a new application over table, stops it and
// returns once its heap is released, so that the yardstick's run does not
// pay the GC of the application's conversations and table.
func runApp(b *testing.B, f *e2eFakes, phones int, table persistence.Table) e2eRun {
	a := startApp(b, f, table)
	run := a.drive(b, f, phones)
	a.stop()
	awaitCollected(b, weak.Make(a.app))
	return run
}

// awaitCollected waits until the garbage collector has freed what app points
// to. A stopped server's fasthttp worker pool keeps its handler, and so the
// whole application, reachable for up to ten seconds after it stops.
func awaitCollected(b *testing.B, app weak.Pointer[runtime.App]) {
	deadline := time.Now().Add(30 * time.Second)
	for {
		goruntime.GC()
		if app.Value() == nil {
			return
		}
		if time.Now().After(deadline) {
			b.Fatal("the stopped application is still reachable after 30 s")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// add sums runs of the same side.
func (r *e2eRun) add(o e2eRun) {
	r.phones += o.phones
	r.elapsed += o.elapsed
	r.cpu += o.cpu
	r.allocs += o.allocs
	r.allocBytes += o.allocBytes
	r.rejected += o.rejected
	r.tableCalls += o.tableCalls
	r.replies += o.replies
	r.dups += o.dups
	r.reads += o.reads
	r.other += o.other
	r.modelCalls += o.modelCalls
	r.modelBytes += o.modelBytes
	r.newConns += o.newConns
	r.halfConns += o.halfConns
	r.halfCalls += o.halfCalls
}

// promptBytes is the mean size of the run's model requests.
func (r e2eRun) promptBytes() int {
	if r.modelCalls > 0 {
		return int(r.modelBytes / r.modelCalls)
	}
	return 0
}

func (r e2eRun) turnsPerSecond() float64 { return float64(r.phones) / r.elapsed.Seconds() }

func (r e2eRun) cpuPerTurn() float64 {
	return float64(r.cpu) / float64(time.Millisecond) / float64(r.phones)
}

func (r e2eRun) perTurn(n int64) float64 { return float64(n) / float64(r.phones) }

// connsPerCall is how many new TCP connections the fakes accepted per
// outbound call.
func (r e2eRun) connsPerCall() float64 {
	return perCall(r.newConns, r.reads+r.modelCalls+r.replies+r.dups+r.other)
}

// connsPerCallLate is connsPerCall over the round's second half, once the
// pools hold the connections the peak of calls in flight needs: the churn
// production pays under a steady load.
func (r e2eRun) connsPerCallLate() float64 {
	return perCall(r.newConns-r.halfConns, r.reads+r.modelCalls+r.replies+r.dups+r.other-r.halfCalls)
}

func perCall(conns, calls int64) float64 {
	if calls <= 0 {
		return 0
	}
	return float64(conns) / float64(calls)
}

func reportEndToEnd(b *testing.B, app, yard e2eRun) {
	ratio := app.turnsPerSecond() / yard.turnsPerSecond()
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(app.turnsPerSecond(), "turns/s")
	b.ReportMetric(yard.turnsPerSecond(), "yardstick-turns/s")
	b.ReportMetric(ratio, "ratio")
	b.ReportMetric(yard.cpuPerTurn()/app.cpuPerTurn(), "cpu-ratio")
	b.ReportMetric(app.cpuPerTurn(), "cpu-ms/turn")
	b.ReportMetric(yard.cpuPerTurn(), "yardstick-cpu-ms/turn")
	b.ReportMetric(app.perTurn(int64(app.allocs)), "allocs/turn")
	b.ReportMetric(yard.perTurn(int64(yard.allocs)), "yardstick-allocs/turn")
	b.ReportMetric(app.perTurn(app.tableCalls), "table-req/turn")
	b.ReportMetric(app.connsPerCall(), "new-conns/call")
	b.ReportMetric(app.connsPerCallLate(), "new-conns/call-2nd-half")

	var out strings.Builder
	w := tabwriter.NewWriter(&out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "\t%d phones\tturns/s\tCPU ms/turn\tallocs/turn\tKB allocated/turn\tmodel calls/turn\tprompt bytes\tmark-reads/turn\treplies/turn\tdup replies\ttable req/turn\tnew conns/call\t2nd half\trejected posts\t\n", app.phones)
	for _, side := range []struct {
		name string
		run  e2eRun
	}{{"application", app}, {"yardstick", yard}} {
		r := side.run
		fmt.Fprintf(w, "\t%s\t%.0f\t%.3f\t%.0f\t%.1f\t%.3f\t%d\t%.3f\t%.3f\t%d\t%.2f\t%.4f\t%.4f\t%d\t\n", side.name,
			r.turnsPerSecond(), r.cpuPerTurn(), r.perTurn(int64(r.allocs)), r.perTurn(int64(r.allocBytes))/1024,
			r.perTurn(r.modelCalls), r.promptBytes(),
			r.perTurn(r.reads), r.perTurn(r.replies), r.dups,
			r.perTurn(r.tableCalls), r.connsPerCall(), r.connsPerCallLate(), r.rejected)
	}
	fmt.Fprintf(w, "\tapplication ÷ yardstick\t%.3f\t%.2f×\t%.2f×\t%.2f×\t\t\t\t\t\t\t\t\t\t\n", ratio,
		app.cpuPerTurn()/yard.cpuPerTurn(), float64(app.allocs)/float64(yard.allocs), float64(app.allocBytes)/float64(yard.allocBytes))
	_ = w.Flush()
	b.Logf("end to end (the target: turns/s ratio ≥ 1.0, the yardstick doing the same external calls and table requests)\n%s", out.String())
}
