package persistence_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/persistence"
)

// The audit trail lists a range of days newest first, filtered by who and
// by action, and a phone's entries through the index.
func TestAuditList(t *testing.T) {
	ctx := context.Background()
	r := persistence.NewAudits(newTable(t))
	day := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	midnight, next := day.Truncate(24*time.Hour), day.Truncate(24*time.Hour).Add(24*time.Hour)
	op, other := "+5511400000001", "+5511400000002"
	entries := []persistence.AuditEntry{
		{ID: "1", At: day.Add(-24 * time.Hour), Who: op, Action: persistence.AuditLogin, Source: "203.0.113.7"},
		{ID: "2", At: day, Who: op, Action: persistence.AuditClaim, Phone: "+5511988887777", SessionID: "s1"},
		{ID: "3", At: day.Add(time.Minute), Who: op, Action: persistence.AuditSend, Phone: "+5511988887777", SessionID: "s1"},
		{ID: "4", At: day.Add(2 * time.Minute), Who: other, Action: persistence.AuditLogin},
		{ID: "5", At: day.Add(3 * time.Minute), Who: persistence.AuditAPI, Action: persistence.AuditSettings, Target: "business v2"},
	}
	for _, e := range entries {
		if err := r.Record(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	ids := func(es []persistence.AuditEntry) string {
		s := ""
		for _, e := range es {
			s += e.ID
		}
		return s
	}
	for _, tc := range []struct {
		name string
		f    persistence.AuditFilter
		want string
	}{
		{"both days, newest first", persistence.AuditFilter{From: midnight.Add(-24 * time.Hour), To: next}, "54321"},
		{"one day", persistence.AuditFilter{From: midnight, To: next}, "5432"},
		{"part of a day", persistence.AuditFilter{From: day.Add(time.Minute), To: day.Add(3 * time.Minute)}, "43"},
		{"one operator", persistence.AuditFilter{From: midnight.Add(-24 * time.Hour), To: next, Who: op}, "321"},
		{"one action", persistence.AuditFilter{From: midnight.Add(-24 * time.Hour), To: next, Action: persistence.AuditLogin}, "41"},
		{"a day without entries", persistence.AuditFilter{From: next.Add(24 * time.Hour), To: next.Add(48 * time.Hour)}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, more, err := r.List(ctx, tc.f)
			if err != nil || more || ids(got) != tc.want {
				t.Fatalf("List = %q, %v, %v; want %q", ids(got), more, err, tc.want)
			}
		})
	}
	got, err := r.OfPhone(ctx, "+5511988887777")
	if err != nil || ids(got) != "32" || got[0].SessionID != "s1" {
		t.Fatalf("OfPhone = %+v, %v", got, err)
	}
}

// An operator command's entry commits inside the command's transaction, and
// RetainAudit stamps the entries' ttl, leaving other items alone.
func TestAuditTxRetained(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	table := newTable(t)
	retained := persistence.RetainAudit(table, 365*24*time.Hour, func() time.Time { return now })
	w, err := persistence.AuditTx(persistence.AuditEntry{ID: "x", At: now, Who: "+5511400000001", Action: persistence.AuditClose})
	if err != nil {
		t.Fatal(err)
	}
	other := persistence.PutTx(persistence.Item{
		persistence.AttrPK: &types.AttributeValueMemberS{Value: "OTHER"},
		persistence.AttrSK: &types.AttributeValueMemberS{Value: "x"},
	}, nil)
	if err := retained.Transact(ctx, []persistence.TxWrite{w, other}); err != nil {
		t.Fatal(err)
	}
	page, err := table.Query(ctx, persistence.Query{PK: "AUDIT#2026-11-23"})
	if err != nil || len(page.Items) != 1 {
		t.Fatalf("Query = %+v, %v", page, err)
	}
	want := strconv.FormatInt(now.Add(365*24*time.Hour).Unix(), 10)
	if ttl, _ := page.Items[0][persistence.AttrTTL].(*types.AttributeValueMemberN); ttl == nil || ttl.Value != want {
		t.Fatalf("ttl = %v, want %s", page.Items[0][persistence.AttrTTL], want)
	}
	item, err := table.Get(ctx, persistence.Key{PK: "OTHER", SK: "x"})
	if err != nil || item[persistence.AttrTTL] != nil {
		t.Fatalf("other item = %v, %v", item, err)
	}
}
