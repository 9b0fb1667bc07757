package securitytest_test

import (
	"context"
	"fmt"
	"net/http"
	goruntime "runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
)

// stallingTable is the memory table that, while stalled, answers nothing:
// every call waits until its context ends, as a hung DynamoDB would.
type stallingTable struct {
	persistence.Table
	stalled atomic.Bool
}

func (s *stallingTable) wait(ctx context.Context) error {
	if !s.stalled.Load() {
		return nil
	}
	<-ctx.Done()
	return ctx.Err()
}

func (s *stallingTable) Get(ctx context.Context, key persistence.Key) (persistence.Item, error) {
	if err := s.wait(ctx); err != nil {
		return nil, err
	}
	return s.Table.Get(ctx, key)
}

func (s *stallingTable) Put(ctx context.Context, item persistence.Item, cond *persistence.Condition) error {
	if err := s.wait(ctx); err != nil {
		return err
	}
	return s.Table.Put(ctx, item, cond)
}

func (s *stallingTable) Update(ctx context.Context, key persistence.Key, upd persistence.Update, cond *persistence.Condition) (persistence.Item, error) {
	if err := s.wait(ctx); err != nil {
		return nil, err
	}
	return s.Table.Update(ctx, key, upd, cond)
}

func (s *stallingTable) Query(ctx context.Context, q persistence.Query) (persistence.Page, error) {
	if err := s.wait(ctx); err != nil {
		return persistence.Page{}, err
	}
	return s.Table.Query(ctx, q)
}

func (s *stallingTable) Transact(ctx context.Context, writes []persistence.TxWrite) error {
	if err := s.wait(ctx); err != nil {
		return err
	}
	return s.Table.Transact(ctx, writes)
}

// TestStalledTableUnderLoad: with the table not answering, webhook
// deliveries from 25 clients at once are each answered 503 with Retry-After
// within STORE_TIMEOUT + 1 s, and the goroutines stay bounded (before: a
// delivery waited 70 s and abandoned requests piled up goroutines). Once the
// table answers again, deliveries are taken.
func TestStalledTableUnderLoad(t *testing.T) {
	const storeTimeout = 300 * time.Millisecond
	const stallFor = 3 * time.Second
	const clients = 25
	table := &stallingTable{Table: memory.New()}
	tg := start(t, map[string]string{"STORE_TIMEOUT": storeTimeout.String()}, table)
	baseline := goruntime.NumGoroutine()
	table.stalled.Store(true)

	var peak atomic.Int64
	sampling, stopSampling := context.WithCancel(context.Background())
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for sampling.Err() == nil {
			if n := int64(goruntime.NumGoroutine()); n > peak.Load() {
				peak.Store(n)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	var (
		mu      sync.Mutex
		slowest time.Duration
		answers = map[int]int{}
		seq     atomic.Int64
		wg      sync.WaitGroup
	)
	until := time.Now().Add(stallFor)
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(until) {
				n := seq.Add(1)
				body := envelope(fmt.Sprintf("551197%07d", c), fmt.Sprintf("wamid.STALL%d", n), "Oi")
				req, _ := http.NewRequest("POST", tg.base+"/webhook", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set(cloudapi.SignatureHeader, cloudapi.Signature(appSecret, []byte(body)))
				began := time.Now()
				res, err := tg.client.Do(req)
				took := time.Since(began)
				status := 0
				if err == nil {
					status = res.StatusCode
					if res.Header.Get("Retry-After") == "" && status == http.StatusServiceUnavailable {
						status = -503 // 503 without Retry-After
					}
					res.Body.Close()
				}
				mu.Lock()
				answers[status]++
				slowest = max(slowest, took)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	stopSampling()
	<-sampled
	table.stalled.Store(false)

	total := 0
	for _, n := range answers {
		total += n
	}
	t.Logf("table stalled %v under %d clients: %d deliveries, answers by status %v, slowest %v (STORE_TIMEOUT %v), goroutines %d before, peak %d",
		stallFor, clients, total, answers, slowest.Round(time.Millisecond), storeTimeout, baseline, peak.Load())
	if answers[http.StatusServiceUnavailable] != total {
		t.Errorf("answers by status %v: want every delivery answered 503 with Retry-After", answers)
	}
	if slowest > storeTimeout+time.Second {
		t.Errorf("the slowest answer took %v, want at most STORE_TIMEOUT + 1s = %v", slowest, storeTimeout+time.Second)
	}
	// Each client holds one request at a time: a handful of goroutines per
	// request (connection, handler, the client's side) is the bound.
	if limit := int64(baseline + clients*8 + 100); peak.Load() > limit {
		t.Errorf("goroutines peaked at %d, want at most %d", peak.Load(), limit)
	}
	body := envelope("5511977770000", "wamid.AFTER", "Oi")
	res := tg.do(t, "POST", "/webhook", body, map[string]string{
		"Content-Type": "application/json", cloudapi.SignatureHeader: cloudapi.Signature(appSecret, []byte(body))})
	if res.status != http.StatusOK {
		t.Errorf("after the stall: %d %s, want 200", res.status, res.body)
	}
}
