package persistence_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

const lease = 30 * time.Second

// The delivery that records a message holds its enqueue; another takes it
// only once the lease has passed, and never once a turn took the message.
func TestEnqueueClaim(t *testing.T) {
	ctx := context.Background()
	receipts := persistence.NewReceipts(newTable(t))
	id := fullTurn().MessageID
	state := func(now time.Time) persistence.EnqueueState {
		t.Helper()
		s, err := receipts.EnqueueState(ctx, id, now, lease)
		must(t, err)
		return s
	}
	if s := state(t0); s != persistence.EnqueueGone {
		t.Fatalf("state before the receipt = %v, want gone", s)
	}
	first, err := receipts.RecordClaimed(ctx, persistence.NewReceipt(fullTurn(), t0), t0)
	must(t, err)
	if r, err := receipts.Get(ctx, id); err != nil || r.EnqueueClaim != first {
		t.Fatalf("stored claim %q (%v), want %q", r.EnqueueClaim, err, first)
	}
	if _, err := receipts.RecordClaimed(ctx, persistence.NewReceipt(fullTurn(), t0), t0); !errors.Is(err, persistence.ErrDuplicate) {
		t.Fatalf("second RecordClaimed = %v, want ErrDuplicate", err)
	}

	inLease := t0.Add(lease - time.Millisecond)
	if s := state(inLease); s != persistence.EnqueueClaimed {
		t.Errorf("state within the lease = %v, want claimed", s)
	}
	if _, err := receipts.Claim(ctx, id, inLease, lease); !errors.Is(err, persistence.ErrConflict) {
		t.Errorf("Claim within the lease = %v, want ErrConflict", err)
	}

	after := t0.Add(lease + time.Millisecond)
	if s := state(after); s != persistence.EnqueueFree {
		t.Errorf("state after the lease = %v, want free", s)
	}
	second, err := receipts.Claim(ctx, id, after, lease)
	must(t, err)
	if second == first {
		t.Fatalf("two deliveries hold the same token %q", first)
	}

	must(t, receipts.Release(ctx, id, first)) // taken over: stays
	if s := state(after); s != persistence.EnqueueClaimed {
		t.Errorf("state after releasing a claim taken over = %v, want claimed", s)
	}
	must(t, receipts.Release(ctx, id, second))
	if s := state(after); s != persistence.EnqueueFree {
		t.Errorf("state after release = %v, want free", s)
	}

	must(t, receipts.Complete(ctx, id, after))
	if s := state(after); s != persistence.EnqueueTaken {
		t.Errorf("state after the turn = %v, want taken", s)
	}
	if _, err := receipts.Claim(ctx, id, after.Add(time.Hour), lease); !errors.Is(err, persistence.ErrConflict) {
		t.Errorf("Claim after the turn = %v, want ErrConflict", err)
	}
}

// Without a receipt there is nothing to claim or release.
func TestEnqueueClaimWithoutReceipt(t *testing.T) {
	ctx := context.Background()
	receipts := persistence.NewReceipts(newTable(t))
	if _, err := receipts.Claim(ctx, "wamid.NONE", t0, lease); !errors.Is(err, persistence.ErrConflict) {
		t.Errorf("Claim = %v, want ErrConflict", err)
	}
	must(t, receipts.Release(ctx, "wamid.NONE", "token"))
	if _, err := receipts.Get(ctx, "wamid.NONE"); !errors.Is(err, persistence.ErrNotFound) {
		t.Errorf("Claim or Release made a receipt up: %v", err)
	}
}
