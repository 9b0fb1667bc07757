package dynamo

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// SetRetry shortens the backoff of BatchWrite and Transact for tests.
func SetRetry(t *Table, attempts int, base time.Duration) {
	t.retry = retryPolicy{attempts: attempts, base: base, max: base}
}

// CreateOlderTable creates a table as releases before the keys-only index
// did: its index projects all attributes.
func CreateOlderTable(ctx context.Context, api SchemaAPI, name string) error {
	_, err := createTable(ctx, api, name, types.ProjectionTypeAll)
	return err
}
