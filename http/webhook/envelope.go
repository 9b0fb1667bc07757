package webhook

import (
	"context"
	"sync"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/inbound"
)

// An envelope may carry a thousand messages; accepted one after the other,
// each a conditional put and a queue send, that took 23 s against DynamoDB.
// acceptAll accepts the messages of different phones at once, at most
// Config.Concurrency at a time, and the messages of one phone one after the
// other in envelope order, so each phone's messages still reach the queue in
// the order the platform sent them. A phone whose message failed stops there
// (its later messages wait for the redelivery, behind the failed one); the
// other phones go on, and what was done is kept, as before.

// acceptance is what became of one message of an envelope: its outcome, or
// the error that stopped its phone.
type acceptance struct {
	out inbound.Outcome
	err error
}

// acceptAll accepts ms and returns what became of each, by index; a message
// after a failed one of its phone has neither outcome nor error. Phones are
// accepted in parallel, each phone's messages in order. A delivery of one
// phone, the usual one, runs in the request's goroutine: a goroutine of its
// own would only add a wait for the scheduler to every request.
func (h *Handler) acceptAll(ctx context.Context, ms []messaging.InboundMessage) []acceptance {
	res := make([]acceptance, len(ms))
	if onePhone(ms) {
		for i := range ms {
			if !h.acceptOne(ctx, ms, res, i) {
				break
			}
		}
		return res
	}
	byPhone := make(map[string][]int)
	var phones []string
	for i, m := range ms {
		if _, seen := byPhone[m.PhoneNumber]; !seen {
			phones = append(phones, m.PhoneNumber)
		}
		byPhone[m.PhoneNumber] = append(byPhone[m.PhoneNumber], i)
	}
	slots := make(chan struct{}, h.cfg.Concurrency)
	var wg sync.WaitGroup
	for _, phone := range phones {
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			for _, i := range byPhone[phone] {
				if !h.acceptOne(ctx, ms, res, i) {
					return
				}
			}
		})
	}
	wg.Wait()
	return res
}

// acceptOne accepts ms[i] into res[i] and reports whether its phone goes on.
func (h *Handler) acceptOne(ctx context.Context, ms []messaging.InboundMessage, res []acceptance, i int) bool {
	out, err := h.inbound.Accept(ctx, ms[i])
	res[i] = acceptance{out: out, err: err}
	return err == nil
}

// onePhone reports whether every message of ms is of the same phone, as in
// nearly every delivery: they are then accepted in order without grouping
// them by phone first.
func onePhone(ms []messaging.InboundMessage) bool {
	for _, m := range ms {
		if m.PhoneNumber != ms[0].PhoneNumber {
			return false
		}
	}
	return true
}
