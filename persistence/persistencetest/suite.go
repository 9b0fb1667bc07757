// Package persistencetest owns the contract suite of persistence.Table: the
// behaviours every backend must share, so that code tested against the
// in-memory table holds against DynamoDB. Backends run it from their tests
// with one line:
//
//	func TestContract(t *testing.T) { persistencetest.Run(t, newTable) }
//
// It covers every method and condition operator, the sentinel errors, paging,
// the gsi1 index, validation failures (the suite expects an error wherever
// DynamoDB gives one), deep-copy isolation, concurrent conditional writes and
// transactions: all or nothing, the cancelling write named, racing commits.
// It leaves out what backends legitimately do differently: TTL expiry timing
// and the order of scans.
//
// It is test support: only _test.go files import it.
package persistencetest

import (
	"testing"

	"github.com/intake-runtime/intake/persistence"
)

// Run runs the contract suite. Every behaviour is a subtest that runs in
// parallel with a fresh, empty table from newTable, which must therefore be
// safe to call concurrently; it should register any cleanup with t.Cleanup.
func Run(t *testing.T, newTable func(t *testing.T) persistence.Table) {
	tests := []struct {
		name string
		run  func(t *testing.T, tbl persistence.Table)
	}{
		{"GetMissing", testGetMissing},
		{"PutGetRoundTrip", testPutGetRoundTrip},
		{"PutReplacesWholeItem", testPutReplaces},
		{"NumbersAreNormalized", testNumbersNormalized},
		{"PutRejectsInvalidItems", testPutRejectsInvalid},
		{"ConditionOperators", testConditionOperators},
		{"ConditionsOnAbsentItem", testConditionsOnAbsentItem},
		{"InvalidConditions", testInvalidConditions},
		{"ConditionalPut", testConditionalPut},
		{"Delete", testDelete},
		{"ConditionalDelete", testConditionalDelete},
		{"UpdateCreatesAbsentItem", testUpdateCreates},
		{"UpdateSetRemoveAdd", testUpdateSetRemoveAdd},
		{"UpdateWithoutChanges", testUpdateWithoutChanges},
		{"UpdateReturningNothing", testUpdateReturningNothing},
		{"ConditionalUpdate", testConditionalUpdate},
		{"UpdateRejectsInvalid", testUpdateRejectsInvalid},
		{"QueryOrder", testQueryOrder},
		{"QueryPrefix", testQueryPrefix},
		{"QueryPaging", testQueryPaging},
		{"QueryRejectsInvalid", testQueryRejectsInvalid},
		{"QueryIndex", testQueryIndex},
		{"QueryIndexFollowsUpdates", testQueryIndexFollowsUpdates},
		{"QueryIndexPaging", testQueryIndexPaging},
		{"BatchWrite", testBatchWrite},
		{"BatchWriteRejectsInvalid", testBatchWriteRejectsInvalid},
		{"Scan", testScan},
		{"ScanFilter", testScanFilter},
		{"CopiesAreIsolated", testIsolation},
		{"ConcurrentConditionalPut", testConcurrentConditionalPut},
		{"TransactCommits", testTransactCommits},
		{"TransactCancelled", testTransactCancelled},
		{"TransactCheckAbsent", testTransactCheckAbsent},
		{"TransactRejectsInvalid", testTransactRejectsInvalid},
		{"TransactRace", testTransactRace},
		{"CanceledContext", testCanceledContext},
		{"OperatorSessions", testOperatorSessions},
		{"Logins", testLogins},
		{"SessionList", testSessionList},
		{"QueryRange", testQueryRange},
		{"BatchGet", testBatchGet},
		{"ReportDays", testReportDays},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tc.run(t, newTable(t))
		})
	}
}
