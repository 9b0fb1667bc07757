package dynamo_test

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/intake-runtime/intake/persistence/dynamo"
)

// fakeAPI fakes the calls a test sets; the embedded nil API makes any other
// call panic, which fails the test loudly.
type fakeAPI struct {
	dynamo.API
	getItem        func(*dynamodb.GetItemInput) (*dynamodb.GetItemOutput, error)
	batchGetItem   func(*dynamodb.BatchGetItemInput) (*dynamodb.BatchGetItemOutput, error)
	putItem        func(*dynamodb.PutItemInput) (*dynamodb.PutItemOutput, error)
	query          func(*dynamodb.QueryInput) (*dynamodb.QueryOutput, error)
	scan           func(*dynamodb.ScanInput) (*dynamodb.ScanOutput, error)
	batchWriteItem func(context.Context, *dynamodb.BatchWriteItemInput) (*dynamodb.BatchWriteItemOutput, error)
	transact       func(*dynamodb.TransactWriteItemsInput) (*dynamodb.TransactWriteItemsOutput, error)
}

func (f *fakeAPI) GetItem(_ context.Context, in *dynamodb.GetItemInput, _ ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	return f.getItem(in)
}

func (f *fakeAPI) BatchGetItem(_ context.Context, in *dynamodb.BatchGetItemInput, _ ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error) {
	return f.batchGetItem(in)
}

func (f *fakeAPI) PutItem(_ context.Context, in *dynamodb.PutItemInput, _ ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	return f.putItem(in)
}

func (f *fakeAPI) Query(_ context.Context, in *dynamodb.QueryInput, _ ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	return f.query(in)
}

func (f *fakeAPI) Scan(_ context.Context, in *dynamodb.ScanInput, _ ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error) {
	return f.scan(in)
}

func (f *fakeAPI) BatchWriteItem(ctx context.Context, in *dynamodb.BatchWriteItemInput, _ ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error) {
	return f.batchWriteItem(ctx, in)
}

func (f *fakeAPI) TransactWriteItems(_ context.Context, in *dynamodb.TransactWriteItemsInput, _ ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	return f.transact(in)
}
