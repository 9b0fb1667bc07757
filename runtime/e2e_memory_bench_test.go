package runtime_test

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"os"
	goruntime "runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"text/tabwriter"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/dynamo"
	"github.com/intake-runtime/intake/persistence/memory"
)

// e2eHeapProfileEnv names a file prefix: BenchmarkConversationMemory then
// writes heap profiles <prefix>-live.pprof (every conversation live) and
// <prefix>-idle.pprof (every conversation stopped, the table not yet
// purged), for go tool pprof -sample_index=inuse_space.
const e2eHeapProfileEnv = "INTAKE_BENCH_HEAP_PROFILE"

// BenchmarkConversationMemory measures the memory of one-message
// conversations in the application as the emulator runs it (memory table,
// in-process queue, the end-to-end benchmark's fakes): N phones each send one
// message and get their reply, then the heap after GC is compared with the
// one before the first message, at three moments:
//
//   - live: every conversation's actors still run (SESSION_IDLE_TIMEOUT, 10
//     minutes, has not passed). The table is in this heap; in production it
//     is not, so "live - idle" is what the live conversations themselves
//     hold.
//   - idle: every conversation stopped, as the idle timeout stops them
//     (Forget takes the same path: the supervisor forgets and stops the
//     actor), the table untouched.
//   - purged: then the table's clock is moved past persistence.ReceiptTTL
//     and the emulator's DATA_RETENTION, and its expired items (receipts,
//     sessions, logs) are purged, as the emulator does.
//
// It reports bytes per conversation at each moment, the table's own stored
// bytes, and the purged heap over the starting one (the targets: at
// most 6 KB per live conversation at 100,000 phones; an idle emulator within
// 20 % of its start). The 100,000-phone case runs only with
// INTAKE_BENCH_LARGE=1. No test asserts on these numbers.
func BenchmarkConversationMemory(b *testing.B) { byPhones(b, benchConversationMemory) }

// BenchmarkConversationMemoryOnDynamoDB is the same round over DynamoDB Local,
// in its own process as DynamoDB is: the heap then holds what production's
// would, and live B/conversation is the figure as written (heap after
// GC over conversations, against the start). It reports live and idle, up
// to dynamoLocalPhones.
func BenchmarkConversationMemoryOnDynamoDB(b *testing.B) {
	byPhones(b, func(b *testing.B, phones int) {
		skipSlowTable(b, "dynamodb-local", phones)
		f := newE2EFakes(b)
		var live, idle float64
		for b.Loop() {
			client, name := newDynamoLocalTable(b, "memory")
			a := startApp(b, f, dynamo.New(client, name))
			start := heapAfterGC()
			a.drive(b, f, phones)
			grown := func() float64 { return (float64(heapAfterGC().alloc) - float64(start.alloc)) / float64(phones) }
			live = grown()
			forgetAll(b, a, phones)
			idle = grown()
			a.stop()
		}
		b.ReportMetric(0, "ns/op")
		b.ReportMetric(live, "live-B/conv")
		b.ReportMetric(idle, "idle-B/conv")
	})
}

func benchConversationMemory(b *testing.B, phones int) {
	f := newE2EFakes(b)
	var m memoryRound
	for b.Loop() {
		m = measureMemory(b, f, phones)
	}
	m.report(b)
}

// memoryRound is what a round measured at each moment.
type memoryRound struct {
	phones                    int
	start, live, idle, purged memoryMoment
	purgedItems               int    // deleted by the purge
	kinds                     string // the items left when idle, by kind
}

// memoryMoment is the heap after GC, the session actors running and what
// the table holds (items, stored bytes, expired ones included).
type memoryMoment struct {
	heap         heapSize
	actors       int
	items, bytes int
}

type heapSize struct{ alloc, inuse uint64 }

func measureMemory(b *testing.B, f *e2eFakes, phones int) memoryRound {
	var skew atomic.Int64 // how far the table's clock is ahead
	mem := memory.New(memory.WithClock(func() time.Time { return time.Now().Add(time.Duration(skew.Load())) }))
	a := startApp(b, f, mem)
	defer a.stop()
	m := memoryRound{phones: phones}
	m.start = a.moment(b, mem)

	a.drive(b, f, phones)
	m.live = a.moment(b, mem)
	writeHeapProfile(b, "live")

	forgetAll(b, a, phones)
	m.idle = a.moment(b, mem)
	writeHeapProfile(b, "idle")
	m.kinds = "counted at 10,000 phones only"
	if phones <= 10_000 { // a scan of the memory table is quadratic in its partitions
		m.kinds = itemKinds(b, mem)
	}

	skew.Store(int64(persistence.ReceiptTTL + time.Hour))
	m.purgedItems = mem.Purge()
	m.purged = a.moment(b, mem)
	return m
}

func (a *e2eApp) moment(b *testing.B, mem *memory.Table) memoryMoment {
	m := memoryMoment{actors: sessionActors(b, a.addr), heap: heapAfterGC()}
	m.items, m.bytes = mem.Retained()
	return m
}

// itemKinds counts the table's items by kind: the key prefixes before '#'.
func itemKinds(b *testing.B, table persistence.Table) string {
	counts := map[string]int{}
	for cursor := ""; ; {
		page, err := table.Scan(context.Background(), persistence.Scan{Cursor: cursor, Limit: 1000})
		if err != nil {
			b.Fatal(err)
		}
		for _, it := range page.Items {
			pkv, _ := it[persistence.AttrPK].(*types.AttributeValueMemberS)
			skv, _ := it[persistence.AttrSK].(*types.AttributeValueMemberS)
			if pkv == nil || skv == nil {
				b.Fatalf("an item without string keys: %v", it)
			}
			pk, _, _ := strings.Cut(pkv.Value, "#")
			sk, _, _ := strings.Cut(skv.Value, "#")
			counts[pk+" "+sk]++
		}
		if cursor = page.Next; cursor == "" {
			break
		}
	}
	kinds := make([]string, 0, len(counts))
	for k, n := range counts {
		kinds = append(kinds, fmt.Sprintf("%s ×%d", k, n))
	}
	slices.Sort(kinds)
	return strings.Join(kinds, ", ")
}

// forgetAll stops the conversation of every phone of the round.
func forgetAll(b *testing.B, a *e2eApp, phones int) {
	var next atomic.Int64
	var forgetting sync.WaitGroup
	for range 16 {
		forgetting.Go(func() {
			for i := int(next.Add(1) - 1); i < phones; i = int(next.Add(1) - 1) {
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				err := a.app.Conversations().Forget(ctx, "+"+e2ePhone(i))
				cancel()
				if err != nil {
					b.Error(err)
					return
				}
			}
		})
	}
	forgetting.Wait()
}

// sessionActors reads the intake_session_actors gauge from /metrics.
func sessionActors(b *testing.B, addr string) int {
	client := &http.Client{Timeout: time.Minute}
	defer client.CloseIdleConnections()
	req, _ := http.NewRequest("GET", "http://"+addr+"/metrics", nil)
	req.Header.Set("Authorization", metricsAuth["Authorization"])
	res, err := client.Do(req)
	if err != nil {
		b.Fatal(err)
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "intake_session_actors "); ok {
			n, err := strconv.ParseFloat(v, 64)
			if err != nil {
				b.Fatal(err)
			}
			return int(n)
		}
	}
	b.Fatal("no intake_session_actors in /metrics")
	return 0
}

func heapAfterGC() heapSize {
	goruntime.GC()
	goruntime.GC()
	var ms goruntime.MemStats
	goruntime.ReadMemStats(&ms)
	return heapSize{alloc: ms.HeapAlloc, inuse: ms.HeapInuse}
}

func writeHeapProfile(b *testing.B, moment string) {
	prefix := os.Getenv(e2eHeapProfileEnv)
	if prefix == "" {
		return
	}
	out, err := os.Create(prefix + "-" + moment + ".pprof")
	if err != nil {
		b.Fatal(err)
	}
	defer out.Close()
	if err := pprof.Lookup("heap").WriteTo(out, 0); err != nil {
		b.Fatal(err)
	}
}

// perConversation is the heap grown since the start, per conversation.
func (m memoryRound) perConversation(at memoryMoment) float64 {
	return (float64(at.heap.alloc) - float64(m.start.heap.alloc)) / float64(m.phones)
}

func (m memoryRound) report(b *testing.B) {
	held := m.perConversation(m.live) - m.perConversation(m.idle)
	b.ReportMetric(0, "ns/op")
	b.ReportMetric(m.perConversation(m.live), "live-B/conv")
	b.ReportMetric(held, "actors-B/conv")
	b.ReportMetric(m.perConversation(m.idle), "idle-B/conv")
	b.ReportMetric(m.perConversation(m.purged), "purged-B/conv")
	b.ReportMetric(float64(m.purged.heap.alloc)/float64(m.start.heap.alloc), "purged/start")

	var out strings.Builder
	w := tabwriter.NewWriter(&out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(w, "\t%d phones\theap alloc MB\theap in use MB\tB/conversation\tsession actors\ttable items\ttable KB stored\t\n", m.phones)
	for _, row := range []struct {
		name string
		at   memoryMoment
	}{{"start", m.start}, {"live", m.live}, {"idle", m.idle}, {"purged", m.purged}} {
		fmt.Fprintf(w, "\t%s\t%.1f\t%.1f\t%.0f\t%d\t%d\t%d\t\n", row.name,
			float64(row.at.heap.alloc)/(1<<20), float64(row.at.heap.inuse)/(1<<20), m.perConversation(row.at),
			row.at.actors, row.at.items, row.at.bytes>>10)
	}
	_ = w.Flush()
	b.Logf("memory per one-message conversation (targets: ≤ 6 KB live at 100,000 phones; purged within 20 %% of start)\n"+
		"live - idle = %.0f B/conversation held by the live conversations themselves (in production the table is not in the heap)\n"+
		"items left when idle: %s; the purge deleted %d\n%s",
		held, m.kinds, m.purgedItems, out.String())
}
