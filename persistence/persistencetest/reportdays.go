package persistencetest

import (
	"slices"
	"testing"
	"time"

	"github.com/intake-runtime/intake/persistence"
)

// A range of sort keys reads the keys between its ends, both included, in
// either order: the report's days from one date to another.
func testQueryRange(t *testing.T, tbl persistence.Table) {
	for _, sk := range []string{"DAY#2026-01-01", "DAY#2026-01-02", "DAY#2026-01-03", "DAY#2026-02-01", "ROLLUP"} {
		put(t, tbl, item("R", sk, nil))
	}
	for _, tc := range []struct {
		from, to string
		desc     bool
		want     []string
	}{
		{"DAY#2026-01-02", "DAY#2026-02-01", false, []string{"DAY#2026-01-02", "DAY#2026-01-03", "DAY#2026-02-01"}},
		{"DAY#2026-01-02", "DAY#2026-02-01", true, []string{"DAY#2026-02-01", "DAY#2026-01-03", "DAY#2026-01-02"}},
		{"DAY#2025-12-01", "DAY#2025-12-31", false, []string{}},
		{"DAY#2026-01-03", "DAY#2026-01-03", false, []string{"DAY#2026-01-03"}},
	} {
		got := collect(t, 0, func(cursor string) (persistence.Page, error) {
			return tbl.Query(t.Context(), persistence.Query{PK: "R", SKFrom: tc.from, SKTo: tc.to, Descending: tc.desc, Limit: 2, Cursor: cursor})
		})
		if !slices.Equal(sortKeys(got), tc.want) {
			t.Errorf("Query %s..%s descending %v = %q; want %q", tc.from, tc.to, tc.desc, sortKeys(got), tc.want)
		}
	}
}

// BatchGet reads many keys at once, more than one DynamoDB request's worth,
// leaving out the absent and reading a repeated key once.
func testBatchGet(t *testing.T, tbl persistence.Table) {
	all := keys("K#", 150)
	var puts []persistence.Item
	for _, sk := range all {
		puts = append(puts, item("G", sk, map[string]any{"v": sk}))
	}
	if err := tbl.BatchWrite(t.Context(), puts, nil); err != nil {
		t.Fatal(err)
	}
	var ask []persistence.Key
	for _, sk := range all[20:] {
		ask = append(ask, persistence.Key{PK: "G", SK: sk})
	}
	ask = append(ask, persistence.Key{PK: "G", SK: "absent"}, persistence.Key{PK: "G", SK: all[30]})
	got, err := tbl.BatchGet(t.Context(), ask)
	if err != nil {
		t.Fatalf("BatchGet: %v", err)
	}
	sks := sortKeys(got)
	slices.Sort(sks)
	want := slices.Sorted(slices.Values(all[20:]))
	if !slices.Equal(sks, want) {
		t.Errorf("BatchGet = %d items %q...; want the %d present", len(sks), sks[:min(3, len(sks))], len(all[20:]))
	}
	if none, err := tbl.BatchGet(t.Context(), nil); err != nil || len(none) != 0 {
		t.Errorf("BatchGet of no keys = %v, %v", none, err)
	}
}

// Report days round-trip and read by range; the rollup marker is claimed
// by one of the nodes that read it, and a stale read claims nothing.
func testReportDays(t *testing.T, tbl persistence.Table) {
	ctx := t.Context()
	days := persistence.NewReportDays(tbl)
	at := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	var put []persistence.ReportDay
	for _, d := range []string{"2026-11-25", "2026-11-26", "2026-11-27"} {
		put = append(put, persistence.ReportDay{Date: d, Body: `{"cells":[]}` + d, UpdatedAt: at})
	}
	if err := days.Put(ctx, put); err != nil {
		t.Fatal(err)
	}
	got, err := days.Range(ctx, "2026-11-26", "2026-11-30")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(got, put[1:], func(a, b persistence.ReportDay) bool {
		return a.Date == b.Date && a.Body == b.Body && a.UpdatedAt.Equal(b.UpdatedAt)
	}) {
		t.Errorf("Range = %+v; want %+v", got, put[1:])
	}
	m, err := days.Marker(ctx)
	if err != nil || !m.RanAt.IsZero() {
		t.Fatalf("Marker before any rollup = %+v, %v", m, err)
	}
	if ok, err := days.Claim(ctx, m, at); !ok || err != nil {
		t.Fatalf("first Claim = %v, %v", ok, err)
	}
	if ok, err := days.Claim(ctx, m, at.Add(time.Minute)); ok || err != nil {
		t.Fatalf("Claim from the same stale marker = %v, %v; want taken", ok, err)
	}
	m, err = days.Marker(ctx)
	if err != nil || !m.RanAt.Equal(at) {
		t.Fatalf("Marker = %+v, %v; want ran at %v", m, err, at)
	}
	if ok, err := days.Claim(ctx, m, at.Add(time.Hour)); !ok || err != nil {
		t.Fatalf("Claim from the fresh marker = %v, %v", ok, err)
	}
}
