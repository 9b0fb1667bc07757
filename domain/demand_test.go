package domain_test

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/intake-runtime/intake/domain"
)

func TestNewDemand(t *testing.T) {
	sp := time.FixedZone("BRT", -3*60*60)
	now := time.Date(2025, 5, 1, 9, 0, 0, 0, sp)
	in := fullDemand()
	a := domain.NewDemand(in, now)
	b := domain.NewDemand(in, now)
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
