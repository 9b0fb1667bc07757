package dynamo

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// WithUsage returns a copy of t that counts its requests, and the capacity
// they consume, in u: every request asks for ReturnConsumedCapacity TOTAL.
// A nil u returns a copy that counts nothing. t itself is unchanged.
func (t *Table) WithUsage(u *Usage) *Table {
	c := *t
	if m, ok := c.api.(metered); ok {
		c.api = m.api
	}
	if u != nil {
		c.api = metered{api: c.api, usage: u}
	}
	return &c
}

// metered is an API that asks every request for its consumed capacity and
// records it in usage. It implements every method itself, so a call added to
// API cannot bypass the meter.
type metered struct {
	api   API
	usage *Usage
}

var _ API = metered{}

const consumedTotal = types.ReturnConsumedCapacityTotal

// call sends one request of op and records it, with the capacity that
// consumed finds in its answer.
func call[In, Out any](ctx context.Context, u *Usage, op string, write bool,
	send func(context.Context, *In, ...func(*dynamodb.Options)) (*Out, error), in *In, opts []func(*dynamodb.Options),
	consumed func(*Out) []types.ConsumedCapacity,
) (*Out, error) {
	out, err := send(ctx, in, opts...)
	var cs []types.ConsumedCapacity
	if out != nil {
		cs = consumed(out)
	}
	u.add(op, write, cs)
	return out, err
}

// one is the single entry of a single-item operation's answer.
func one(c *types.ConsumedCapacity) []types.ConsumedCapacity {
	if c == nil {
		return nil
	}
	return []types.ConsumedCapacity{*c}
}

func (m metered) GetItem(ctx context.Context, in *dynamodb.GetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	in.ReturnConsumedCapacity = consumedTotal
	return call(ctx, m.usage, "GetItem", false, m.api.GetItem, in, opts,
		func(o *dynamodb.GetItemOutput) []types.ConsumedCapacity { return one(o.ConsumedCapacity) })
}

func (m metered) BatchGetItem(ctx context.Context, in *dynamodb.BatchGetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error) {
	in.ReturnConsumedCapacity = consumedTotal
	return call(ctx, m.usage, "BatchGetItem", false, m.api.BatchGetItem, in, opts,
		func(o *dynamodb.BatchGetItemOutput) []types.ConsumedCapacity { return o.ConsumedCapacity })
}

func (m metered) PutItem(ctx context.Context, in *dynamodb.PutItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	in.ReturnConsumedCapacity = consumedTotal
	return call(ctx, m.usage, "PutItem", true, m.api.PutItem, in, opts,
		func(o *dynamodb.PutItemOutput) []types.ConsumedCapacity { return one(o.ConsumedCapacity) })
}

func (m metered) UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	in.ReturnConsumedCapacity = consumedTotal
	return call(ctx, m.usage, "UpdateItem", true, m.api.UpdateItem, in, opts,
		func(o *dynamodb.UpdateItemOutput) []types.ConsumedCapacity { return one(o.ConsumedCapacity) })
}

func (m metered) DeleteItem(ctx context.Context, in *dynamodb.DeleteItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error) {
	in.ReturnConsumedCapacity = consumedTotal
	return call(ctx, m.usage, "DeleteItem", true, m.api.DeleteItem, in, opts,
		func(o *dynamodb.DeleteItemOutput) []types.ConsumedCapacity { return one(o.ConsumedCapacity) })
}

func (m metered) Query(ctx context.Context, in *dynamodb.QueryInput, opts ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	in.ReturnConsumedCapacity = consumedTotal
	return call(ctx, m.usage, "Query", false, m.api.Query, in, opts,
		func(o *dynamodb.QueryOutput) []types.ConsumedCapacity { return one(o.ConsumedCapacity) })
}

func (m metered) Scan(ctx context.Context, in *dynamodb.ScanInput, opts ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error) {
	in.ReturnConsumedCapacity = consumedTotal
	return call(ctx, m.usage, "Scan", false, m.api.Scan, in, opts,
		func(o *dynamodb.ScanOutput) []types.ConsumedCapacity { return one(o.ConsumedCapacity) })
}

func (m metered) BatchWriteItem(ctx context.Context, in *dynamodb.BatchWriteItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error) {
	in.ReturnConsumedCapacity = consumedTotal
	return call(ctx, m.usage, "BatchWriteItem", true, m.api.BatchWriteItem, in, opts,
		func(o *dynamodb.BatchWriteItemOutput) []types.ConsumedCapacity { return o.ConsumedCapacity })
}

func (m metered) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	in.ReturnConsumedCapacity = consumedTotal
	return call(ctx, m.usage, "TransactWriteItems", true, m.api.TransactWriteItems, in, opts,
		func(o *dynamodb.TransactWriteItemsOutput) []types.ConsumedCapacity { return o.ConsumedCapacity })
}
