package dynamo

import "time"

// SetBatchRetry shortens BatchWrite's backoff for tests.
func SetBatchRetry(t *Table, attempts int, base time.Duration) {
	t.retry = retryPolicy{attempts: attempts, base: base, max: base}
}
