// Package dynamo owns the DynamoDB implementation of persistence.Table and
// the table's schema (EnsureTable): one table with string keys pk/sk, the
// global secondary index gsi1 over gsi1pk/gsi1sk, and TTL on ttl.
//
// Single items are written with conditional PutItem, UpdateItem and
// DeleteItem, many at once with BatchWriteItem, and a set that must commit
// together with TransactWriteItems (Transact). The tests run it against AWS's
// DynamoDB Local, which has transactions and TTL. A few checks happen before
// the request so that every backend reports the same invalid input the same
// way (empty key strings, empty gsi1 keys, "<" with a value that has no
// order, a malformed transaction). It passes the shared contract suite in
// persistencetest.
//
// Table.WithUsage meters a table for benchmarks: requests by operation and
// the capacity units DynamoDB reports (Usage).
//
// It imports only the persistence port and the AWS SDK; the client comes from
// the caller (runtime builds it with NewClient), behind the small API
// interface so unit tests can fake the calls.
package dynamo
