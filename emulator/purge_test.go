package emulator_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/emulator"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence"
)

// TestRunPurgesExpiredItems: while the emulator runs, items whose ttl has
// passed leave its table, not only its reads.
func TestRunPurgesExpiredItems(t *testing.T) {
	leaktest.Check(t)
	emu, err := emulator.New(context.Background(), load(t, nil, nil), zap.NewNop())
	if err != nil {
		t.Fatal(err)
	}
	table := emu.Cloud().Table
	// The operator roster OPERATOR_PHONES seeded is configuration: it has
	// no ttl and stays.
	roster, _ := table.Retained()
	expired := persistence.Item{
		persistence.AttrPK:  &types.AttributeValueMemberS{Value: "RECEIPT#wamid.old"},
		persistence.AttrSK:  &types.AttributeValueMemberS{Value: "RECEIPT"},
		persistence.AttrTTL: &types.AttributeValueMemberN{Value: strconv.FormatInt(time.Now().Add(-time.Minute).Unix(), 10)},
	}
	if err := table.Put(t.Context(), expired, nil); err != nil {
		t.Fatal(err)
	}
	if items, _ := table.Retained(); items != roster+1 {
		t.Fatalf("%d items retained before Run; want the roster's %d and the expired one", items, roster)
	}
	_, stop := runEmulator(t, emu)
	defer stop()
	waitFor(t, "the expired item purged", func() bool { items, _ := table.Retained(); return items == roster })
}

// TestIdleEmulatorHeap runs conversations through the emulator (fake model,
// the messaging stub, short timeouts), lets them go idle, moves the clock of
// the table and the application past the receipts' ttl and the emulator's
// DATA_RETENTION, and compares the heap once the purge has run with the one
// before them: within 20 %, as the issue asks. Every session actor stops and
// every item leaves the table. What may remain is what does not shrink by
// design: protoactor's process registry keeps its buckets at their peak, and
// the messaging stub keeps its recent calls.
//
// The fake model runs in this process, so both ends of its keep-alive
// connections would count: they are closed before each measurement, as the
// transport's idle timeout closes them in a running emulator.
func TestIdleEmulatorHeap(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a thousand conversations")
	}
	leaktest.Check(t)
	const conversations = 1_000
	// idleTimeout is far longer than a turn, even under the race detector:
	// a session actor whose receive timeout fires during a turn never gets
	// another one and stays (protoactor's receive timeout is one-shot; see
	// the report of issue 13), and one that fires while a message arrives
	// is a data race inside protoactor.
	const idleTimeout = "2s"
	model := httptest.NewServer(http.HandlerFunc(answerModel))
	defer model.Close()
	cfg := load(t, map[string]string{
		"LLM_API_KEY": "test-key", "LLM_BASE_URL": model.URL + "/v1", "LLM_MODEL": "test-model",
		"CRM_ENABLED": "false", "ERP_ENABLED": "false",
		"DEBOUNCE_WINDOW": "1ms", "DEBOUNCE_MAX_WAIT": "5ms", "SESSION_IDLE_TIMEOUT": idleTimeout,
		"RECOVERY_INTERVAL": "1h", "SYNC_INTERVAL": "1h",
	}, nil)
	var skew atomic.Int64 // how far the table's clock is ahead
	clock := func() time.Time { return time.Now().Add(time.Duration(skew.Load())) }
	emu, err := emulator.NewWithClock(context.Background(), cfg, zap.NewNop(), 10*time.Millisecond, clock)
	if err != nil {
		t.Fatal(err)
	}
	// The operator roster OPERATOR_PHONES seeded has no ttl: it stays.
	roster, _ := emu.Cloud().Table.Retained()
	addr, stop := runEmulator(t, emu)
	defer stop()
	base := "http://" + addr
	client := &http.Client{Timeout: time.Minute}
	defer client.CloseIdleConnections()

	// A few conversations first, so that what the first turns set up once
	// (pools, caches) is in the start.
	converse(t, client, base, clock, 0, 20)
	settle(t, client, base, emu, &skew)
	model.CloseClientConnections()
	start := heapAfterGC()

	converse(t, client, base, clock, 20, conversations)
	live := heapAfterGC()
	settle(t, client, base, emu, &skew)
	model.CloseClientConnections()
	idle := heapAfterGC()
	items, bytes := emu.Cloud().Table.Retained()
	t.Logf("heap after GC: %.1f MB at the start, %.1f MB with %d conversations live, %.1f MB once idle and purged (%.2f× the start; the issue's target: within 1.2×); "+
		"%.0f B per conversation left, of which the table stores %d items, %d bytes in all",
		mb(start), mb(live), conversations, mb(idle), float64(idle)/float64(start),
		(float64(idle)-float64(start))/conversations, items, bytes)
	if items != roster {
		t.Errorf("the table keeps %d items once every ttl has passed; want the roster's %d", items, roster)
	}
	if float64(idle) > 1.2*float64(start) {
		t.Errorf("idle heap %.1f MB is %.2f× the start's %.1f MB; want within 1.2×", mb(idle), float64(idle)/float64(start), mb(start))
	}
}

// runEmulator runs emu on a local port, at addr, until stop.
func runEmulator(t *testing.T, emu *emulator.Emulator) (addr string, stop func()) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- emu.Run(ctx, ln) }()
	return ln.Addr().String(), func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run: %v", err)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("the emulator did not stop")
		}
	}
}

// delivery is a one-message envelope; %s: phone digits, %d: message number.
const delivery = `{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[{"field":"messages","value":{` +
	`"messaging_product":"whatsapp","metadata":{"phone_number_id":"PNID"},` +
	`"messages":[{"from":"%s","id":"wamid.idle.%d","timestamp":"%d","type":"text","text":{"body":"Olá, preciso de um orçamento"}}]}}]}]}`

// converse sends one message from each phone numbered from..to-1, stamped
// by the emulator's clock (older would be a stale delivery), and waits until
// every one has been answered (the replied turns reach to).
func converse(t *testing.T, client *http.Client, base string, now func() time.Time, from, to int) {
	t.Helper()
	for i := from; i < to; i++ {
		body := fmt.Sprintf(delivery, fmt.Sprintf("55219%08d", i), i, now().Unix())
		res, err := client.Post(base+"/webhook", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			t.Fatalf("delivery %d answered %d", i, res.StatusCode)
		}
	}
	waitFor(t, fmt.Sprintf("%d replied turns", to), func() bool {
		return metric(t, client, base, `intake_turns_total{outcome="replied"}`) >= float64(to)
	})
}

// settle waits until every conversation went idle, then moves the table's
// clock past the receipts' ttl and waits until the purge has deleted every
// expired item.
func settle(t *testing.T, client *http.Client, base string, emu *emulator.Emulator, skew *atomic.Int64) {
	t.Helper()
	waitFor(t, "no session actor running", func() bool { return metric(t, client, base, "intake_session_actors") == 0 })
	skew.Add(int64(persistence.ReceiptTTL + time.Hour))
	table := emu.Cloud().Table
	waitFor(t, "every expired item purged", func() bool {
		retained, _ := table.Retained()
		return retained == visibleItems(t, table)
	})
}

// visibleItems counts the items a scan returns: expired ones are hidden.
func visibleItems(t *testing.T, table persistence.Table) int {
	n := 0
	for cursor := ""; ; {
		page, err := table.Scan(context.Background(), persistence.Scan{Cursor: cursor})
		if err != nil {
			t.Fatal(err)
		}
		n += len(page.Items)
		if cursor = page.Next; cursor == "" {
			return n
		}
	}
}

// metric reads one sample of /metrics, 0 when absent.
func metric(t *testing.T, client *http.Client, base, name string) float64 {
	t.Helper()
	res, err := client.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), name+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatal(err)
			}
			return f
		}
	}
	return 0
}

// waitFor polls cond until it holds, failing t after a minute.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited a minute for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// answerModel answers every call at once with a continue-answer, in the
// Responses API shape.
func answerModel(w http.ResponseWriter, r *http.Request) {
	_, _ = io.Copy(io.Discard, r.Body)
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, `{"id":"resp_1","object":"response","status":"completed","model":"test-model",`+
		`"output":[{"type":"message","role":"assistant","content":[{"type":"output_text","text":"{\"s\":0,\"qualification_data\":{}} Olá! Recebi sua mensagem."}]}],`+
		`"usage":{"input_tokens":12,"output_tokens":7,"total_tokens":19}}`)
}

func heapAfterGC() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

func mb(n uint64) float64 { return float64(n) / (1 << 20) }
