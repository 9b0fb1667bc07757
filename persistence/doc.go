// Package persistence owns Intake's stored data: the records of the spec
// (sessions, message log, receipts, demands, CRM projections) and the prompt
// overrides, the key schema of the single table, the Table port that every
// storage backend implements, and the typed repositories the actors and the
// HTTP handlers use. No other package builds items or keys: they call the
// repositories, and a whole-table scan tells items apart with KindOf.
//
// It is the bottom layer: it imports no other Intake package. Backends live in
// sub-packages named after their technology (memory, dynamo) and prove
// themselves against the shared contract suite in persistencetest.
package persistence
