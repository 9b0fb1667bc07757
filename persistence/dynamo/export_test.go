package dynamo

import "time"

// SetRetry shortens the backoff of BatchWrite and Transact for tests.
func SetRetry(t *Table, attempts int, base time.Duration) {
	t.retry = retryPolicy{attempts: attempts, base: base, max: base}
}
