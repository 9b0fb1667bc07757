// Package persistence owns Intake's stored data: the records of the spec
// (sessions, message log, receipts, demands, CRM projections), the key schema
// of the single table, the Table port that every storage backend implements,
// and the typed repositories the actors use.
//
// It is the bottom layer: it imports no other Intake package. Backends live in
// sub-packages named after their technology (memory, dynamo) and prove
// themselves against the shared contract suite in persistencetest.
package persistence
