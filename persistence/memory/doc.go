// Package memory owns the in-memory persistence.Table used by the emulator
// and by tests: one process, no network, no durability.
//
// It fails exactly where DynamoDB fails, so code that passes against it does
// not break against the production table: it validates items, keys, numbers
// and conditions as DynamoDB does, normalizes numbers the way DynamoDB returns
// them, keeps the 400 KB item limit, and evaluates conditions with DynamoDB's
// semantics (a comparison with an absent attribute or another type is false).
// A transaction (Transact) is validated as TransactWriteItems is (at most 100
// writes, on distinct items, 4 MB in all) and applied all or nothing under the
// table's one lock. It passes the shared contract suite in persistencetest.
//
// One difference is deliberate: an item whose numeric ttl attribute (epoch
// seconds) is in the past is invisible at once, to reads and to conditions,
// while DynamoDB deletes expired items within days. Code must not depend on
// either timing. The clock is injectable (WithClock) for tests. Expired
// items keep their memory until purged: Purge deletes them (and rebuilds the
// table's maps once they hold more deleted entries than items), PurgeEvery
// does so periodically until its context ends, and Retained reports what the
// table holds. Until purged, each write that set a ttl keeps a reminder of
// some 40 bytes.
//
// It imports only the persistence port and the AWS attribute value types.
package memory
