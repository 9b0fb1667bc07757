package dynamo

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/persistence"
)

// API is the part of *dynamodb.Client that Table uses.
type API interface {
	GetItem(ctx context.Context, in *dynamodb.GetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error)
	BatchGetItem(ctx context.Context, in *dynamodb.BatchGetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error)
	PutItem(ctx context.Context, in *dynamodb.PutItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error)
	UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error)
	DeleteItem(ctx context.Context, in *dynamodb.DeleteItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error)
	Query(ctx context.Context, in *dynamodb.QueryInput, opts ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error)
	Scan(ctx context.Context, in *dynamodb.ScanInput, opts ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error)
	BatchWriteItem(ctx context.Context, in *dynamodb.BatchWriteItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error)
	TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error)
}

var _ API = (*dynamodb.Client)(nil)

var _ persistence.Table = (*Table)(nil)

// Table is the persistence.Table of one DynamoDB table. It is safe for
// concurrent use, as the SDK client is. Reads of the table are strongly
// consistent; reads of gsi1 cannot be, and are eventually consistent, and
// so are the reads by key of the items an index query returns.
type Table struct {
	api   API
	name  string
	retry retryPolicy
}

// New returns the Table named tableName, reached through client (usually a
// *dynamodb.Client). The table must exist: see EnsureTable.
func New(client API, tableName string) *Table {
	return &Table{api: client, name: tableName, retry: defaultRetry}
}

// Get reads one item with a strongly consistent read.
func (t *Table) Get(ctx context.Context, key persistence.Key) (persistence.Item, error) {
	out, err := t.api.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:      &t.name,
		Key:            keyAttrs(key),
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return nil, opError("get", key, err)
	}
	if len(out.Item) == 0 {
		return nil, opError("get", key, persistence.ErrNotFound)
	}
	return out.Item, nil
}

// Put writes a whole item when cond holds.
func (t *Table) Put(ctx context.Context, item persistence.Item, cond *persistence.Condition) error {
	key, err := checkItem(item)
	if err != nil {
		return fmt.Errorf("dynamo: put: %w", err)
	}
	var b exprBuilder
	in := &dynamodb.PutItemInput{TableName: &t.name, Item: item}
	if in.ConditionExpression, err = b.conditionExpr(cond); err != nil {
		return opError("put", key, err)
	}
	in.ExpressionAttributeNames, in.ExpressionAttributeValues = b.names, b.values
	if _, err := t.api.PutItem(ctx, in); err != nil {
		return opError("put", key, err)
	}
	return nil
}

// Update applies upd with UpdateItem when cond holds and returns the item
// after the update (ReturnValues ALL_NEW), or nothing with upd.NoReturn.
func (t *Table) Update(ctx context.Context, key persistence.Key, upd persistence.Update, cond *persistence.Condition) (persistence.Item, error) {
	var b exprBuilder
	in := &dynamodb.UpdateItemInput{
		TableName:    &t.name,
		Key:          keyAttrs(key),
		ReturnValues: types.ReturnValueAllNew,
	}
	if upd.NoReturn {
		in.ReturnValues = types.ReturnValueNone
	}
	var err error
	if in.UpdateExpression, err = b.updateExpr(upd); err != nil {
		return nil, opError("update", key, err)
	}
	if in.ConditionExpression, err = b.conditionExpr(cond); err != nil {
		return nil, opError("update", key, err)
	}
	in.ExpressionAttributeNames, in.ExpressionAttributeValues = b.names, b.values
	out, err := t.api.UpdateItem(ctx, in)
	if err != nil {
		return nil, opError("update", key, err)
	}
	return out.Attributes, nil
}

// Delete removes one item when cond holds.
func (t *Table) Delete(ctx context.Context, key persistence.Key, cond *persistence.Condition) error {
	var b exprBuilder
	in := &dynamodb.DeleteItemInput{TableName: &t.name, Key: keyAttrs(key)}
	var err error
	if in.ConditionExpression, err = b.conditionExpr(cond); err != nil {
		return opError("delete", key, err)
	}
	in.ExpressionAttributeNames, in.ExpressionAttributeValues = b.names, b.values
	if _, err := t.api.DeleteItem(ctx, in); err != nil {
		return opError("delete", key, err)
	}
	return nil
}

// keyAttrs is the DynamoDB key of key.
func keyAttrs(key persistence.Key) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		persistence.AttrPK: &types.AttributeValueMemberS{Value: key.PK},
		persistence.AttrSK: &types.AttributeValueMemberS{Value: key.SK},
	}
}
