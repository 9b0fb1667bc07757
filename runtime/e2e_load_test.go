package runtime_test

import (
	"fmt"
	goruntime "runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
)

// The platform's side of the end-to-end benchmark.
const (
	// e2eConns is how many connections the platform posts deliveries on.
	e2eConns = 64
	// e2eWindow bounds the conversations awaiting their reply at once: a
	// steady load that keeps every stage busy without filling the
	// in-process queue's 1,024 slots (TestABurstOfFirstMessages measures a
	// burst past them).
	e2eWindow = 512
	// e2eStall fails a round that got no reply for this long.
	e2eStall = time.Minute
)

// e2eDelivery is a one-message envelope; %s: phone digits, %d: message
// number, timestamp.
const e2eDelivery = `{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[{"field":"messages","value":{` +
	`"messaging_product":"whatsapp","metadata":{"phone_number_id":"PNID"},` +
	`"contacts":[{"profile":{"name":"Cliente"},"wa_id":"%s"}],` +
	`"messages":[{"from":"%s","id":"wamid.e2e.%d","timestamp":"%d","type":"text","text":{"body":"Olá, preciso de um orçamento"}}]}}]}]}`

// e2eRun is what one round measured.
type e2eRun struct {
	phones     int
	elapsed    time.Duration
	cpu        time.Duration // user + system time of the whole process
	allocs     uint64        // heap allocations of the whole process
	allocBytes uint64        // and their bytes
	rejected   int64         // deliveries not answered 200 (posted again)
	tableCalls int64
	e2eCounts
}

// drive posts one delivery per phone of round to the webhook at addr and
// waits for every reply at the platform fake, measuring from the first post
// to the last reply. A delivery not answered 200 is posted again, as the
// platform redelivers.
func drive(b *testing.B, addr string, round *e2eRound) e2eRun {
	client := &fasthttp.HostClient{Addr: addr, MaxConns: e2eConns, ReadTimeout: time.Minute, WriteTimeout: time.Minute}
	defer client.CloseIdleConnections()
	var rejected atomic.Int64
	stop := make(chan struct{})
	defer close(stop)

	var mem0, mem1 goruntime.MemStats
	goruntime.ReadMemStats(&mem0)
	cpu0 := cpuTime()
	start := time.Now()
	posted := make(chan struct{})
	go func() {
		defer close(posted)
		postEach(e2eConns, int(round.phones), func(i int, req *fasthttp.Request, res *fasthttp.Response) bool {
			select {
			case round.window <- struct{}{}:
			case <-stop:
				return false
			}
			phone := e2ePhone(i)
			body := fmt.Appendf(nil, e2eDelivery, phone, phone, i, time.Now().Unix())
			for attempt := 0; ; attempt++ {
				webhookPost(req, addr, body)
				if err := client.Do(req, res); err == nil && res.StatusCode() == fasthttp.StatusOK {
					return true
				}
				rejected.Add(1)
				select {
				case <-stop:
					return false
				case <-time.After(time.Duration(attempt+1) * 10 * time.Millisecond):
				}
			}
		})
	}()
	waitRound(b, round)
	cpu := cpuTime() - cpu0
	goruntime.ReadMemStats(&mem1)
	run := e2eRun{
		phones: int(round.phones), elapsed: round.end.Sub(start), cpu: cpu,
		allocs: mem1.Mallocs - mem0.Mallocs, allocBytes: mem1.TotalAlloc - mem0.TotalAlloc,
	}
	<-posted
	run.rejected = rejected.Load()
	run.e2eCounts = round.counts()
	return run
}

// waitRound waits until every phone of round got its reply, failing b when
// no reply arrives for e2eStall.
func waitRound(b testing.TB, round *e2eRound) {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	last, lastAt := int64(-1), time.Now()
	for {
		select {
		case <-round.done:
			return
		case <-tick.C:
		}
		if n := round.replies.Load(); n != last {
			last, lastAt = n, time.Now()
		} else if time.Since(lastAt) > e2eStall {
			b.Fatalf("no reply for %v: %d of %d phones answered (%d mark-reads, %d model calls, %d other platform calls)",
				e2eStall, n, round.phones, round.reads.Load(), round.modelCalls.Load(), round.other.Load())
		}
	}
}
