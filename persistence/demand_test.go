package persistence_test

import (
	"context"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/intake-runtime/intake/persistence"
)

func TestNewDemand(t *testing.T) {
	sp := time.FixedZone("BRT", -3*60*60)
	now := time.Date(2025, 5, 1, 9, 0, 0, 0, sp)
	in := fullDemand()
	a := persistence.NewDemand(in, now)
	b := persistence.NewDemand(in, now)
	if _, err := uuid.Parse(a.DemandID); err != nil {
		t.Errorf("demand_id %q is not a UUID: %v", a.DemandID, err)
	}
	if a.DemandID == b.DemandID {
		t.Error("two demands share an ID")
	}
	if a.CreatedAt != now.UTC() || a.CreatedAt.Location() != time.UTC {
		t.Errorf("created_at = %v, want %v in UTC", a.CreatedAt, now.UTC())
	}
	if a.ServiceRequested != in.ServiceRequested || a.SessionID != in.SessionID {
		t.Error("NewDemand must keep the triage fields")
	}
}

func TestDemandsListNewestFirst(t *testing.T) {
	ctx := context.Background()
	demands := persistence.NewDemands(newTable(t))
	var added []persistence.OutOfPortfolioDemand
	for i := range 5 {
		d := persistence.NewDemand(fullDemand(), t0.Add(time.Duration(i)*time.Minute))
		must(t, demands.Add(ctx, d))
		added = append(added, d)
	}
	must(t, demands.Add(ctx, added[2])) // a retried add stores nothing new

	all, err := demands.List(ctx, 0)
	must(t, err)
	want := slices.Clone(added)
	slices.Reverse(want)
	if !reflect.DeepEqual(all, want) {
		t.Errorf("List(0) = %d demands, want the 5 newest first", len(all))
	}
	top, err := demands.List(ctx, 3)
	must(t, err)
	if !reflect.DeepEqual(top, want[:3]) {
		t.Errorf("List(3) = %d demands, want the 3 newest", len(top))
	}
}
