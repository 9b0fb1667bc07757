package persistence

import "errors"

// ErrNotFound reports that no item exists under the requested key.
var ErrNotFound = errors.New("persistence: not found")

// ErrConflict reports that a conditional write found the item in another state
// than the condition required. DynamoDB's ConditionalCheckFailedException maps
// to it; callers reload and decide, they never overwrite blindly.
var ErrConflict = errors.New("persistence: condition failed")
