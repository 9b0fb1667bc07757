// Package dynamo owns the DynamoDB implementation of persistence.Table and
// the table's schema (EnsureTable): one table with string keys pk/sk, the
// global secondary index gsi1 over gsi1pk/gsi1sk, and TTL on ttl.
//
// It uses single-item conditional writes and BatchWriteItem only, never
// transactions: dynalite, the DynamoDB-protocol server the tests run, lacks
// TransactWriteItems. A few checks happen before the request where dynalite
// is more lenient than DynamoDB (empty key strings, empty gsi1 keys, "<" with
// a value that has no order), so tests against dynalite catch what production
// would reject. It passes the shared contract suite in persistencetest.
//
// It imports only the persistence port and the AWS SDK; the client comes from
// the caller (runtime builds it with NewClient), behind the small API
// interface so unit tests can fake the calls.
package dynamo
