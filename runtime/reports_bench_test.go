package runtime_test

import (
	"context"
	"testing"
	"time"

	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/persistence/persistencetest"
	"github.com/intake-runtime/intake/reports"
)

// BenchmarkReportAPIYear answers GET /admin/api/reports over a year of
// 100,000 conversations rolled up (the rollup is not timed): the report
// reads the year's day items in one query whatever the number of
// conversations, and must answer in under 200 ms. The API keeps the days
// it decoded until the rollup rewrites them; "cold" is a report whose
// every day is decoded, as the first one after a start.
func BenchmarkReportAPIYear(b *testing.B) {
	table := &persistencetest.CountingTable{Table: memory.New()}
	seedReportSessions(b, table, 100_000, 365)
	app := newReportsApp(b, table)
	for _, target := range []string{
		"/admin/api/reports?from=2025-11-28&to=2026-11-27",
		"/admin/api/reports?from=2025-11-28&to=2026-11-27&by=week&service=service-1",
	} {
		b.Run(target[len("/admin/api/reports?"):], func(b *testing.B) {
			scans := table.Scans.Load()
			for b.Loop() {
				reportGet(b, app, target)
			}
			if table.Scans.Load() != scans {
				b.Error("the report scanned the table")
			}
		})
	}
	b.Run("cold", func(b *testing.B) {
		zone, _ := time.LoadLocation("America/Sao_Paulo")
		q := reports.Query{From: time.Date(2025, 11, 28, 0, 0, 0, 0, zone), To: time.Date(2026, 11, 27, 0, 0, 0, 0, zone)}
		for b.Loop() {
			store := &reports.Store{Days: persistence.NewReportDays(table), Zone: zone}
			if _, err := store.Report(context.Background(), q); err != nil {
				b.Fatal(err)
			}
		}
	})
}
