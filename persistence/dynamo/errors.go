package dynamo

import (
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/persistence"
)

// opError names the operation and key in err and turns DynamoDB's
// ConditionalCheckFailedException into persistence.ErrConflict, keeping the
// SDK error reachable with errors.As. A key often holds a phone
// ("SESSION#+55…") and the error may reach a log, so the key is named with
// its phones masked.
func opError(op string, key persistence.Key, err error) error {
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		return &persistence.KeyError{Backend: "dynamo", Op: op, Key: key, Errs: []error{persistence.ErrConflict, err}}
	}
	return &persistence.KeyError{Backend: "dynamo", Op: op, Key: key, Errs: []error{err}}
}

// MissingTable reports whether err is DynamoDB's answer to a request for a
// table that does not exist.
func MissingTable(err error) bool {
	var missing *types.ResourceNotFoundException
	return errors.As(err, &missing)
}

// NoTable explains a request to a table that does not exist
// (ResourceNotFoundException): the error names the table and the command
// that creates it, keeping err reachable. Other errors are returned as they
// are.
func NoTable(err error, table string) error {
	if MissingTable(err) {
		return fmt.Errorf("table %s does not exist: create it with `intake table create` (same TABLE_NAME, AWS_REGION and AWS_ENDPOINT_URL_DYNAMODB): %w", table, err)
	}
	return err
}
