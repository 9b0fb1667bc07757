package crm_test

import (
	"context"
	"testing"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/crm"
)

var _ projection.CRM = (*crm.Stub)(nil)

func TestStubKeepsDealsPerSession(t *testing.T) {
	ctx := context.Background()
	s := &crm.Stub{}
	c, err := s.SyncContact(ctx, "", map[string]any{"email": "a@b.com"})
	if err != nil || !c.Success || c.MockID != "stub-contact-1" {
		t.Fatalf("SyncContact = %+v, %v", c, err)
	}
	if r, _ := s.FindDeal(ctx, "s1"); !r.Success || r.MockID != "" {
		t.Fatalf("FindDeal before a create = %+v", r)
	}
	d, _, err := s.CreateDeal(ctx, "s1", "QUALIFIED", map[string]any{"dealname": "x"})
	if err != nil || !d.Success || d.MockID == "" {
		t.Fatalf("CreateDeal = %+v, %v", d, err)
	}
	if r, _ := s.FindDeal(ctx, "s1"); r.MockID != d.MockID {
		t.Errorf("FindDeal = %+v, want %s", r, d.MockID)
	}
	if r, _, _ := s.UpdateDeal(ctx, string(d.MockID), "WON", nil, ""); !r.Success {
		t.Errorf("UpdateDeal = %+v", r)
	}
	if r, _, _ := s.UpdateDeal(ctx, "nope", "WON", nil, ""); r.Success || r.ErrorKind == "" {
		t.Errorf("UpdateDeal of an unknown deal = %+v, want a permanent failure", r)
	}
}
