// Package persistence owns how Intake's data is stored: the records of the
// spec (sessions, message log, receipts, demands, CRM projections) and the
// prompt overrides as items, the key schema of the single table, the Table
// port that every storage backend implements, and the typed repositories the
// actors and the HTTP handlers use. No other package builds items or keys:
// they call the repositories, and a whole-table scan tells items apart with
// KindOf.
//
// The values themselves (a session, a message, an inbound turn, a demand, a
// summary) are package domain's: persistence encodes and decodes them, keys
// them and indexes them, and keeps the records only storage has (receipts,
// markers, projections, leases).
//
// It imports domain and no other Intake package. Backends live in
// sub-packages named after their technology (memory, dynamo) and prove
// themselves against the shared contract suite in persistencetest.
package persistence
