package persistence_test

import (
	"context"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

func TestDemandsListNewestFirst(t *testing.T) {
	ctx := context.Background()
	demands := persistence.NewDemands(newTable(t))
	var added []domain.OutOfPortfolioDemand
	for i := range 5 {
		d := domain.NewDemand(fullDemand(), t0.Add(time.Duration(i)*time.Minute))
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
