package inprocess

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/intake-runtime/intake/domain"
)

// The byte budget of the overflow is honest: what a waiting message holds
// on the heap (its place, its ID in the index, its turn and the turn's
// strings, as the webhook parses them) is at most its footprint.
func TestOverflowFootprintCoversTheHeap(t *testing.T) {
	const n = 20_000
	o := newOverflow(Config{Overflow: n, OverflowBytes: 1 << 40})
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	for i := range n {
		phone := fmt.Sprintf("55219%08d", i)
		turn := domain.InboundTurn{
			PhoneNumber: phone, MessageID: fmt.Sprintf("wamid.HBgNNTUyMTk5OTk5OTk5ORUCABIYFjNFQjA%08d", i),
			Content: fmt.Sprintf("Olá, preciso de um orçamento %d", i), Instance: "PNID",
			MessageType: domain.MessageText, PushName: fmt.Sprintf("Cliente %d", i),
		}
		o.push(turn.QueueMessage())
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	held := float64(after.HeapAlloc-before.HeapAlloc) / n
	counted := float64(o.bytes) / n
	t.Logf("a waiting message holds %.0f bytes of heap; its footprint counts %.0f", held, counted)
	if held > counted {
		t.Errorf("a waiting message holds %.0f bytes, more than the %.0f its footprint counts: raise entryBytes", held, counted)
	}
	if counted > 2*held {
		t.Errorf("a footprint of %.0f bytes counts over twice the %.0f a message holds: lower entryBytes", counted, held)
	}
	runtime.KeepAlive(o)
}
