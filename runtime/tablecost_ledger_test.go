package runtime_test

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/dynamo"
)

// ledger is the table API of the cost tests: it sends every request to
// DynamoDB Local asking for its consumed capacity by index, and books what
// DynamoDB reports per operation and, for writes, the units each written
// item accounts for (its size, rounded up to the kilobyte, twice in a
// transaction, plus one index unit per gsi1 entry, twice in a transaction),
// by kind of item. The operation totals are what DynamoDB reported; the
// item lines attribute them.
type ledger struct {
	*dynamodb.Client
	mu    sync.Mutex
	ops   map[string]*opCost
	items map[string]*itemCost
}

// opCost is what the requests of one operation cost.
type opCost struct {
	Requests   int
	WCU, RCU   float64
	IndexWCU   float64
	ItemWrites int
}

// itemCost is what the writes of one kind of item account for.
type itemCost struct {
	Writes int
	Bytes  int
	WCU    float64
}

var _ dynamo.API = (*ledger)(nil)

func newLedger(c *dynamodb.Client) *ledger { return &ledger{Client: c} }

// reset forgets every count.
func (l *ledger) reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.ops, l.items = nil, nil
}

// totals returns the requests and the units of every operation.
func (l *ledger) totals() (requests int, wcu, rcu float64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, o := range l.ops {
		requests += o.Requests
		wcu += o.WCU
		rcu += o.RCU
	}
	return requests, wcu, rcu
}

// report lists the counts, per operation and per kind of item written,
// divided by runs.
func (l *ledger) report(runs int) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := float64(runs)
	var b strings.Builder
	for _, op := range slices.Sorted(maps.Keys(l.ops)) {
		o := l.ops[op]
		fmt.Fprintf(&b, "\n  %-20s %5.1f requests %6.1f WCU (index %5.1f) %5.1f RCU", op, float64(o.Requests)/n, o.WCU/n, o.IndexWCU/n, o.RCU/n)
	}
	for _, kind := range slices.Sorted(maps.Keys(l.items)) {
		c := l.items[kind]
		fmt.Fprintf(&b, "\n  item %-34s %5.1f writes %6.0f bytes each %6.1f WCU", kind, float64(c.Writes)/n, float64(c.Bytes)/float64(c.Writes), c.WCU/n)
	}
	return b.String()
}

func (l *ledger) book(op string, consumed []types.ConsumedCapacity, writes []written) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.ops == nil {
		l.ops, l.items = map[string]*opCost{}, map[string]*itemCost{}
	}
	o := l.ops[op]
	if o == nil {
		o = &opCost{}
		l.ops[op] = o
	}
	o.Requests++
	o.ItemWrites += len(writes)
	for _, c := range consumed {
		total := aws.ToFloat64(c.CapacityUnits)
		if c.ReadCapacityUnits != nil || c.WriteCapacityUnits != nil {
			o.RCU += aws.ToFloat64(c.ReadCapacityUnits)
			o.WCU += aws.ToFloat64(c.WriteCapacityUnits)
		} else if len(writes) > 0 || strings.HasPrefix(op, "UpdateItem") || strings.HasPrefix(op, "DeleteItem") {
			o.WCU += total
		} else {
			o.RCU += total
		}
		for _, ix := range c.GlobalSecondaryIndexes {
			o.IndexWCU += aws.ToFloat64(ix.WriteCapacityUnits)
			if ix.WriteCapacityUnits == nil && len(writes) > 0 {
				o.IndexWCU += aws.ToFloat64(ix.CapacityUnits)
			}
		}
	}
	factor := 1.0
	if op == "TransactWriteItems" {
		factor = 2
	}
	for _, w := range writes {
		c := l.items[w.kind]
		if c == nil {
			c = &itemCost{}
			l.items[w.kind] = c
		}
		c.Writes++
		c.Bytes += w.bytes
		units := float64((w.bytes + 1023) / 1024)
		if units == 0 {
			units = 1
		}
		if w.indexed {
			units++
		}
		c.WCU += units * factor
	}
}

// written is one item a request writes.
type written struct {
	kind    string
	bytes   int
	indexed bool
}

func writtenItem(op string, item map[string]types.AttributeValue) written {
	kind := op + " " + keyKind(item)
	if d, ok := item["direction"].(*types.AttributeValueMemberS); ok {
		kind += " " + d.Value
	}
	_, indexed := item["gsi1pk"]
	return written{kind: kind, bytes: persistence.ItemSize(item), indexed: indexed}
}

// keyKind names an item by the prefixes of its keys: SESSION/S is a
// session, SESSION/M a log item, RECEIPT/RECEIPT a receipt.
func keyKind(item map[string]types.AttributeValue) string {
	part := func(name string) string {
		s, _ := item[name].(*types.AttributeValueMemberS)
		if s == nil {
			return "?"
		}
		head, _, _ := strings.Cut(s.Value, "#")
		if strings.ToUpper(head) != head || strings.ContainsAny(head, " +0123456789") {
			return "<value>" // a lookup's sort key holds the customer's data
		}
		return head
	}
	return part("pk") + "/" + part("sk")
}

const byIndex = types.ReturnConsumedCapacityIndexes

func (l *ledger) GetItem(ctx context.Context, in *dynamodb.GetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	in.ReturnConsumedCapacity = byIndex
	out, err := l.Client.GetItem(ctx, in, opts...)
	l.book("GetItem "+keyKind(in.Key), consumedOf(out, func(o *dynamodb.GetItemOutput) *types.ConsumedCapacity { return o.ConsumedCapacity }), nil)
	return out, err
}

func (l *ledger) BatchGetItem(ctx context.Context, in *dynamodb.BatchGetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error) {
	in.ReturnConsumedCapacity = byIndex
	out, err := l.Client.BatchGetItem(ctx, in, opts...)
	var cs []types.ConsumedCapacity
	if out != nil {
		cs = out.ConsumedCapacity
	}
	l.book("BatchGetItem", cs, nil)
	return out, err
}

func (l *ledger) PutItem(ctx context.Context, in *dynamodb.PutItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	in.ReturnConsumedCapacity = byIndex
	out, err := l.Client.PutItem(ctx, in, opts...)
	l.book("PutItem", consumedOf(out, func(o *dynamodb.PutItemOutput) *types.ConsumedCapacity { return o.ConsumedCapacity }),
		[]written{writtenItem("put", in.Item)})
	return out, err
}

func (l *ledger) UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	in.ReturnConsumedCapacity = byIndex
	out, err := l.Client.UpdateItem(ctx, in, opts...)
	l.book("UpdateItem "+keyKind(in.Key)+" returning "+string(in.ReturnValues),
		consumedOf(out, func(o *dynamodb.UpdateItemOutput) *types.ConsumedCapacity { return o.ConsumedCapacity }), nil)
	return out, err
}

func (l *ledger) DeleteItem(ctx context.Context, in *dynamodb.DeleteItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error) {
	in.ReturnConsumedCapacity = byIndex
	out, err := l.Client.DeleteItem(ctx, in, opts...)
	l.book("DeleteItem "+keyKind(in.Key), consumedOf(out, func(o *dynamodb.DeleteItemOutput) *types.ConsumedCapacity { return o.ConsumedCapacity }), nil)
	return out, err
}

func (l *ledger) Query(ctx context.Context, in *dynamodb.QueryInput, opts ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	in.ReturnConsumedCapacity = byIndex
	out, err := l.Client.Query(ctx, in, opts...)
	op := "Query"
	if in.IndexName != nil {
		op += " " + *in.IndexName
	}
	op += " " + partitionOf(in.ExpressionAttributeValues)
	l.book(op, consumedOf(out, func(o *dynamodb.QueryOutput) *types.ConsumedCapacity { return o.ConsumedCapacity }), nil)
	return out, err
}

func (l *ledger) Scan(ctx context.Context, in *dynamodb.ScanInput, opts ...func(*dynamodb.Options)) (*dynamodb.ScanOutput, error) {
	in.ReturnConsumedCapacity = byIndex
	out, err := l.Client.Scan(ctx, in, opts...)
	l.book("Scan", consumedOf(out, func(o *dynamodb.ScanOutput) *types.ConsumedCapacity { return o.ConsumedCapacity }), nil)
	return out, err
}

func (l *ledger) BatchWriteItem(ctx context.Context, in *dynamodb.BatchWriteItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.BatchWriteItemOutput, error) {
	in.ReturnConsumedCapacity = byIndex
	out, err := l.Client.BatchWriteItem(ctx, in, opts...)
	var ws []written
	for _, reqs := range in.RequestItems {
		for _, r := range reqs {
			if r.PutRequest != nil {
				ws = append(ws, writtenItem("batch", r.PutRequest.Item))
			}
		}
	}
	var cs []types.ConsumedCapacity
	if out != nil {
		cs = out.ConsumedCapacity
	}
	l.book("BatchWriteItem", cs, ws)
	return out, err
}

func (l *ledger) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	in.ReturnConsumedCapacity = byIndex
	out, err := l.Client.TransactWriteItems(ctx, in, opts...)
	var ws []written
	for _, w := range in.TransactItems {
		switch {
		case w.Put != nil:
			ws = append(ws, writtenItem("tx put", w.Put.Item))
		case w.Update != nil:
			ws = append(ws, written{kind: "tx update " + keyKind(w.Update.Key), bytes: 1})
		case w.Delete != nil:
			ws = append(ws, written{kind: "tx delete " + keyKind(w.Delete.Key), bytes: 1})
		case w.ConditionCheck != nil:
			ws = append(ws, written{kind: "tx check " + keyKind(w.ConditionCheck.Key), bytes: 1})
		}
	}
	var cs []types.ConsumedCapacity
	if out != nil {
		cs = out.ConsumedCapacity
	}
	l.book("TransactWriteItems", cs, ws)
	return out, err
}

// partitionOf names the partition a query reads by the head of its key
// values (SESSION, RECEIPT, INBOUND...).
func partitionOf(values map[string]types.AttributeValue) string {
	var heads []string
	for _, v := range values {
		if s, ok := v.(*types.AttributeValueMemberS); ok {
			head, _, _ := strings.Cut(s.Value, "#")
			if strings.ToUpper(head) == head && !strings.ContainsAny(head, " +0123456789") {
				heads = append(heads, head)
			}
		}
	}
	slices.Sort(heads)
	return strings.Join(slices.Compact(heads), ",")
}

func consumedOf[Out any](out *Out, get func(*Out) *types.ConsumedCapacity) []types.ConsumedCapacity {
	if out == nil {
		return nil
	}
	if c := get(out); c != nil {
		return []types.ConsumedCapacity{*c}
	}
	return nil
}
