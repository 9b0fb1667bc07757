package persistence_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

func TestProjectionPutDesired(t *testing.T) {
	ctx := context.Background()
	projections := persistence.NewProjections(newTable(t))

	created, err := projections.PutDesired(ctx, "s1", fullDesired(), t0)
	must(t, err)
	rev := mustRevision(t, fullDesired())
	if created.Status != persistence.ProjectionPending || created.Revision != rev ||
		!created.NextAttemptAt.Equal(t0) || created.PendingSince == nil || !created.PendingSince.Equal(t0) {
		t.Fatalf("created projection = %+v", created)
	}

	same, err := projections.PutDesired(ctx, "s1", fullDesired(), t2)
	must(t, err)
	if !reflect.DeepEqual(same, created) {
		t.Errorf("the same desired state rewrote the projection\n got: %+v\nwant: %+v", same, created)
	}

	// The worker synced it and learned the CRM IDs.
	leased, err := projections.AcquireLease(ctx, "s1", "w1", t1, t0)
	must(t, err)
	synced := leased
	synced.Status, synced.ConfirmedRevision = persistence.ProjectionSynced, rev
	synced.ContactID, synced.DealID, synced.ETag = "c-1", "d-1", "e-1"
	synced.PendingSince, synced.LeaseOwner, synced.LeaseUntil = nil, "", nil
	synced.LastError, synced.LastErrorKind = "earlier timeout", domain.ErrorKindTransient
	must(t, projections.Save(ctx, synced, "w1"))

	changed := fullDesired()
	changed.Stage = "won"
	next, err := projections.PutDesired(ctx, "s1", changed, t2)
	must(t, err)
	if next.Status != persistence.ProjectionPending || next.Revision != mustRevision(t, changed) || next.Attempts != 0 ||
		!next.NextAttemptAt.Equal(t2) || next.PendingSince == nil || !next.PendingSince.Equal(t2) {
		t.Errorf("after a new revision: %+v", next)
	}
	if next.ContactID != "c-1" || next.DealID != "d-1" || next.ETag != "e-1" || next.ConfirmedRevision != rev {
		t.Errorf("a new revision lost the CRM identifiers: %+v", next)
	}
	if next.LastError != "" || next.LastErrorKind != "" {
		t.Errorf("a new revision kept the old error: %q %q", next.LastError, next.LastErrorKind)
	}
	if !reflect.DeepEqual(next.Desired, changed) {
		t.Errorf("desired = %+v, want %+v", next.Desired, changed)
	}
}

func TestProjectionDueReturnsOnlyDueProjections(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	projections := persistence.NewProjections(table)
	now := t2

	put := func(id string, status persistence.ProjectionStatus, next time.Time) {
		t.Helper()
		p := fullProjection()
		p.SessionID, p.Status, p.NextAttemptAt = id, status, next
		p.LeaseOwner, p.LeaseUntil = "", nil
		item, err := persistence.EncodeProjection(p)
		must(t, err)
		must(t, table.Put(ctx, item, nil))
	}
	put("pending-old", persistence.ProjectionPending, now.Add(-time.Hour))
	put("pending-now", persistence.ProjectionPending, now)
	put("pending-later", persistence.ProjectionPending, now.Add(time.Nanosecond))
	put("uncertain-due", persistence.ProjectionUncertain, now.Add(-time.Minute))
	put("uncertain-later", persistence.ProjectionUncertain, now.Add(time.Hour))
	put("blocked", persistence.ProjectionBlocked, now.Add(-time.Hour))
	put("synced", persistence.ProjectionSynced, now.Add(-time.Hour))

	due, err := dueAt(ctx, projections, now, 0)
	must(t, err)
	if got, want := sessionIDs(due), []string{"pending-old", "uncertain-due", "pending-now"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Due = %v, want %v", got, want)
	}
	first, err := dueAt(ctx, projections, now, 2)
	must(t, err)
	if got, want := sessionIDs(first), []string{"pending-old", "uncertain-due"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Due with limit 2 = %v, want %v", got, want)
	}

	blocked, err := projections.InStatus(ctx, persistence.ProjectionBlocked)
	must(t, err)
	if got := sessionIDs(blocked); !reflect.DeepEqual(got, []string{"blocked"}) {
		t.Errorf("InStatus(BLOCKED) = %v", got)
	}
	if _, err := projections.InStatus(ctx, persistence.ProjectionSynced); err == nil {
		t.Error("InStatus(SYNCED) must fail: synced projections are not indexed")
	}
}

func TestProjectionLease(t *testing.T) {
	ctx := context.Background()
	projections := persistence.NewProjections(newTable(t))
	_, err := projections.PutDesired(ctx, "s1", fullDesired(), t0)
	must(t, err)

	until := t0.Add(time.Minute)
	leased, err := projections.AcquireLease(ctx, "s1", "w1", until, t0)
	must(t, err)
	if leased.LeaseOwner != "w1" || !leased.LeaseUntil.Equal(until) || leased.Attempts != 1 {
		t.Fatalf("leased = %+v", leased)
	}
	if _, err := projections.AcquireLease(ctx, "s1", "w2", until, t0.Add(time.Second)); !errors.Is(err, persistence.ErrConflict) {
		t.Errorf("lease held by another worker = %v, want ErrConflict", err)
	}
	if due, err := dueAt(ctx, projections, t0.Add(time.Second), 0); err != nil || len(due) != 0 {
		t.Errorf("a leased projection is due: %v %v", sessionIDs(due), err)
	}

	// w1 dies; its lease expires and the projection is due again.
	later := until.Add(time.Second)
	due, err := dueAt(ctx, projections, later, 0)
	must(t, err)
	if got := sessionIDs(due); !reflect.DeepEqual(got, []string{"s1"}) {
		t.Errorf("Due after the lease expired = %v, want [s1]", got)
	}
	taken, err := projections.AcquireLease(ctx, "s1", "w2", later.Add(time.Minute), later)
	must(t, err)
	if taken.Attempts != 2 {
		t.Errorf("attempts = %d, want 2", taken.Attempts)
	}

	stale := leased
	stale.Status = persistence.ProjectionSynced
	if err := projections.Save(ctx, stale, "w1"); !errors.Is(err, persistence.ErrConflict) {
		t.Errorf("Save by the expired owner = %v, want ErrConflict", err)
	}

	done := taken
	done.Status, done.ConfirmedRevision, done.ContactID = persistence.ProjectionSynced, taken.Revision, "c-1"
	done.LeaseOwner, done.LeaseUntil, done.PendingSince = "", nil, nil
	must(t, projections.Save(ctx, done, "w2"))
	stored, err := projections.Get(ctx, "s1")
	must(t, err)
	if !reflect.DeepEqual(stored, done) {
		t.Errorf("stored = %+v\nwant %+v", stored, done)
	}
	if due, _ := dueAt(ctx, projections, later.Add(time.Hour), 0); len(due) != 0 {
		t.Errorf("a synced projection is due: %v", sessionIDs(due))
	}
	if _, err := projections.AcquireLease(ctx, "s1", "w3", later.Add(time.Hour), later.Add(time.Minute)); !errors.Is(err, persistence.ErrConflict) {
		t.Errorf("lease on a synced projection = %v, want ErrConflict", err)
	}
}

// A new desired revision while a worker syncs the old one: the worker's save
// conflicts, and after a reload it saves again under the lease it kept.
func TestProjectionNewRevisionDuringLease(t *testing.T) {
	ctx := context.Background()
	projections := persistence.NewProjections(newTable(t))
	_, err := projections.PutDesired(ctx, "s1", fullDesired(), t0)
	must(t, err)
	leased, err := projections.AcquireLease(ctx, "s1", "w1", t0.Add(time.Minute), t0)
	must(t, err)

	changed := fullDesired()
	changed.Stage = "won"
	_, err = projections.PutDesired(ctx, "s1", changed, t1)
	must(t, err)

	synced := leased
	synced.Status, synced.ConfirmedRevision, synced.ContactID = persistence.ProjectionSynced, leased.Revision, "c-1"
	if err := projections.Save(ctx, synced, "w1"); !errors.Is(err, persistence.ErrConflict) {
		t.Fatalf("Save of a superseded revision = %v, want ErrConflict", err)
	}
	reloaded, err := projections.Get(ctx, "s1")
	must(t, err)
	if reloaded.LeaseOwner != "w1" {
		t.Fatalf("the new revision dropped the lease: %+v", reloaded)
	}
	reloaded.ContactID, reloaded.ConfirmedRevision = "c-1", leased.Revision
	reloaded.LeaseOwner, reloaded.LeaseUntil = "", nil
	must(t, projections.Save(ctx, reloaded, "w1"))

	due, err := dueAt(ctx, projections, t1, 0)
	must(t, err)
	if len(due) != 1 || due[0].ContactID != "c-1" || due[0].Revision != mustRevision(t, changed) {
		t.Errorf("the new revision must stay due with the learned contact: %+v", due)
	}
}

func sessionIDs(ps []persistence.CRMProjection) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.SessionID
	}
	return out
}

// TestProjectionIndexIsSharded: the turns of different sessions write their
// intents to different index partitions, and the sync job still sees them all.
func TestProjectionIndexIsSharded(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	projections := persistence.NewProjections(table)
	partitions := map[string]bool{}
	var ids []string
	for i := range 40 {
		id := fmt.Sprintf("s%02d", i)
		ids = append(ids, id)
		p, err := projections.PutDesired(ctx, id, fullDesired(), t0)
		must(t, err)
		item, err := table.Get(ctx, p.Key())
		must(t, err)
		partitions[avString(item[persistence.AttrGSI1PK])] = true
	}
	if len(partitions) < persistence.WorkShards/2 {
		t.Errorf("40 sessions wrote %d index partitions: %v", len(partitions), partitions)
	}
	due, err := dueAt(ctx, projections, t0, 0)
	must(t, err)
	if got := sessionIDs(due); !reflect.DeepEqual(got, ids) {
		t.Errorf("Due = %v, want %v", got, ids)
	}
}

// TestProjectionLegacyIndexIsStillSynced: a release before the sharded index
// left a pending projection in the one CRM_SYNC#PENDING partition. The sync job
// finds it, and leasing it moves it to its shard.
func TestProjectionLegacyIndexIsStillSynced(t *testing.T) {
	ctx := context.Background()
	table := newTable(t)
	projections := persistence.NewProjections(table)
	p := fullProjection()
	p.SessionID, p.Status, p.NextAttemptAt, p.LeaseOwner, p.LeaseUntil = "old", persistence.ProjectionPending, t0, "", nil
	item, err := persistence.EncodeProjection(p)
	must(t, err)
	item[persistence.AttrGSI1PK] = &types.AttributeValueMemberS{Value: "CRM_SYNC#PENDING"}
	must(t, table.Put(ctx, item, nil))

	due, err := dueAt(ctx, projections, t0, 0)
	must(t, err)
	if got := sessionIDs(due); !reflect.DeepEqual(got, []string{"old"}) {
		t.Fatalf("Due = %v, want [old]", got)
	}
	_, err = projections.AcquireLease(ctx, "old", "w1", t1, t0)
	must(t, err)
	moved, err := table.Get(ctx, p.Key())
	must(t, err)
	if got, want := avString(moved[persistence.AttrGSI1PK]), persistence.ProjectionIndexPK(persistence.ProjectionPending, "old"); got != want {
		t.Errorf("leased legacy projection indexed under %v, want %v", got, want)
	}
}

// dueAt is what the sync job works on at now: the due part of the backlog.
func dueAt(ctx context.Context, r *persistence.Projections, now time.Time, limit int) ([]persistence.CRMProjection, error) {
	backlog, err := r.Backlog(ctx)
	return backlog.Due(now, limit), err
}
