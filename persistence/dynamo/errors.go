package dynamo

import (
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/persistence"
)

// opError names the operation and key in err and turns DynamoDB's
// ConditionalCheckFailedException into persistence.ErrConflict, keeping the
// SDK error reachable with errors.As.
func opError(op string, key persistence.Key, err error) error {
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return fmt.Errorf("dynamo: %s %s/%s: %w: %w", op, key.PK, key.SK, persistence.ErrConflict, err)
	}
	return fmt.Errorf("dynamo: %s %s/%s: %w", op, key.PK, key.SK, err)
}
