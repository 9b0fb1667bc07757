package dynamo

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/internal/redact"
	"github.com/intake-runtime/intake/persistence"
)

// The codes of TransactionCanceledException's cancellation reasons that
// Transact tells apart; any other (ValidationError, ThrottlingError, ...)
// is an error that is not a conflict.
const (
	reasonConditionFailed = "ConditionalCheckFailed"
	reasonConflict        = "TransactionConflict"
)

// Transact applies writes with one TransactWriteItems call. A failed
// condition cancels it as a *persistence.TxCancelled naming the first write
// whose condition failed; the SDK error stays reachable with errors.As. A
// cancellation because another transaction was changing one of the items at
// the same time (TransactionConflict) is retried whole, with the backoff of
// t's retry policy; when it still conflicts after the last attempt, the
// error is transient, not ErrConflict. Each attempt has its own idempotency
// token: the one before was cancelled, so it cannot have been applied.
func (t *Table) Transact(ctx context.Context, writes []persistence.TxWrite) error {
	items, err := t.transactItems(writes)
	if err != nil {
		return fmt.Errorf("dynamo: transact: %w", err)
	}
	for attempt := 0; ; attempt++ {
		_, err := t.api.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
		var cancelled *types.TransactionCanceledException
		if err == nil || !errors.As(err, &cancelled) {
			return transactError(err)
		}
		if i := firstReason(cancelled, reasonConditionFailed); i >= 0 && i < len(writes) {
			return fmt.Errorf("dynamo: transact: %w: %w", &persistence.TxCancelled{Index: i, Key: writes[i].Target()}, err)
		}
		if firstReason(cancelled, reasonConflict) < 0 {
			return transactError(err)
		}
		if attempt+1 >= t.retry.attempts {
			return fmt.Errorf("dynamo: transact: still conflicting with concurrent transactions after %d attempts: %w", t.retry.attempts, err)
		}
		if err := t.retry.wait(ctx, attempt); err != nil {
			return transactError(err)
		}
	}
}

func transactError(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("dynamo: transact: %w", err)
}

// firstReason returns the index of the first write cancelled for code, -1
// when there is none.
func firstReason(e *types.TransactionCanceledException, code string) int {
	for i, r := range e.CancellationReasons {
		if aws.ToString(r.Code) == code {
			return i
		}
	}
	return -1
}

// transactItems validates a transaction before any request, with the
// messages of the in-memory table (DynamoDB rejects the same transactions,
// but some only in the SDK and with less to go on): 1 to MaxTxWrites writes
// on distinct items, each valid as its single-item operation is.
func (t *Table) transactItems(writes []persistence.TxWrite) ([]types.TransactWriteItem, error) {
	switch {
	case len(writes) == 0:
		return nil, errors.New("a transaction needs at least one write")
	case len(writes) > persistence.MaxTxWrites:
		return nil, fmt.Errorf("a transaction holds at most %d writes, got %d", persistence.MaxTxWrites, len(writes))
	}
	items := make([]types.TransactWriteItem, len(writes))
	seen := make(map[persistence.Key]bool, len(writes))
	for i, w := range writes {
		item, key, err := t.transactItem(w)
		if err != nil {
			return nil, fmt.Errorf("write %d: %w", i, err)
		}
		if seen[key] {
			return nil, fmt.Errorf("write %d: transaction request cannot include multiple operations on one item: %s/%s", i, redact.Phones(key.PK), redact.Phones(key.SK))
		}
		seen[key] = true
		items[i] = item
	}
	return items, nil
}

// transactItem turns one write into its part of the request, with the
// expression builders of the single-item operations, and returns its key.
func (t *Table) transactItem(w persistence.TxWrite) (types.TransactWriteItem, persistence.Key, error) {
	var (
		b    exprBuilder
		upd  *string
		err  error
		none types.TransactWriteItem
	)
	key := w.Key
	switch w.Kind {
	case persistence.TxPut:
		key, err = checkItem(w.Item)
	case persistence.TxUpdate:
		if err = checkKey(key); err == nil {
			upd, err = b.updateExpr(w.Update)
		}
		if err == nil && upd == nil {
			err = errors.New("an update in a transaction needs an attribute to set, remove or add")
		}
	case persistence.TxDelete:
		err = checkKey(key)
	case persistence.TxCheck:
		if w.Condition == nil {
			return none, key, errors.New("a condition check needs a condition")
		}
		err = checkKey(key)
	default:
		return none, key, fmt.Errorf("unknown kind of write %d", w.Kind)
	}
	if err != nil {
		return none, key, err
	}
	cond, err := b.conditionExpr(w.Condition)
	if err != nil {
		return none, key, err
	}
	switch w.Kind {
	case persistence.TxPut:
		return types.TransactWriteItem{Put: &types.Put{
			TableName: &t.name, Item: w.Item, ConditionExpression: cond,
			ExpressionAttributeNames: b.names, ExpressionAttributeValues: b.values,
		}}, key, nil
	case persistence.TxUpdate:
		return types.TransactWriteItem{Update: &types.Update{
			TableName: &t.name, Key: keyAttrs(key), UpdateExpression: upd, ConditionExpression: cond,
			ExpressionAttributeNames: b.names, ExpressionAttributeValues: b.values,
		}}, key, nil
	case persistence.TxDelete:
		return types.TransactWriteItem{Delete: &types.Delete{
			TableName: &t.name, Key: keyAttrs(key), ConditionExpression: cond,
			ExpressionAttributeNames: b.names, ExpressionAttributeValues: b.values,
		}}, key, nil
	}
	return types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
		TableName: &t.name, Key: keyAttrs(key), ConditionExpression: cond,
		ExpressionAttributeNames: b.names, ExpressionAttributeValues: b.values,
	}}, key, nil
}
