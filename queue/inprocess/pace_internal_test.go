package inprocess

import (
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"
	"golang.org/x/time/rate"
)

// tick runs one adjustment after a tick that saw refused and short.
func (p *pacer) tick(refused, short bool) rate.Limit {
	p.noSlot.Store(refused)
	p.short = func() bool { return short }
	p.adjust()
	return p.limiter.Limit()
}

func TestThePaceRisesByHalfFromTheFloorToItsCeilingThenRunsFlatOut(t *testing.T) {
	p := newPacer(Config{Consumers: 2}, zap.NewNop())
	if got := p.tick(true, true); got != 20 {
		t.Fatalf("refused and short: pace %v, want the floor, 20", got)
	}
	want := rate.Limit(20)
	for range 10 { // 20 × 1.5^10 ≈ 1,153, under the ceiling of 20 × 64
		want *= 1.5
		if got := p.tick(true, false); got != want {
			t.Fatalf("refused with CPU to spare: pace %v, want %v", got, want)
		}
	}
	if got := p.tick(true, false); got != rate.Inf {
		t.Fatalf("past the ceiling: pace %v, want flat out", got)
	}
	// However long producers are refused with CPU to spare, the pace stays
	// flat out: it never climbs into a number the limiter cannot use.
	for range 5000 {
		p.tick(true, false)
	}
	if got := p.tick(true, true); got != 20 {
		t.Fatalf("short again after a long while: pace %v, want the floor, 20", got)
	}
}

// An overload is logged twice, at its start and after a second without a
// refusal, however often the pace returns to the floor meanwhile.
func TestAnOverloadIsLoggedOnceAtItsStartAndOnceAtItsEnd(t *testing.T) {
	core, logs := observer.New(zap.InfoLevel)
	p := newPacer(Config{Consumers: 1}, zap.New(core))
	for range 3 {
		p.tick(true, true)
		for range 15 { // past the ceiling, refused all along
			p.tick(true, false)
		}
	}
	for range calmTicks - 1 {
		p.tick(false, true)
	}
	if slowed, full := logs.FilterMessageSnippet("slowed").Len(), logs.FilterMessageSnippet("full speed").Len(); slowed != 1 || full != 0 {
		t.Fatalf("before a calm second: %d slow-downs and %d ends logged, want 1 and 0: %v", slowed, full, logs.All())
	}
	p.tick(false, true)
	if full := logs.FilterMessageSnippet("full speed").Len(); full != 1 {
		t.Fatalf("after a calm second: %d ends logged, want 1: %v", full, logs.All())
	}
}
