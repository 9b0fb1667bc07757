package dynamo

import (
	"context"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/internal/redact"
	"github.com/intake-runtime/intake/persistence"
)

// Query reads one page of a partition with a strongly consistent Query.
func (t *Table) Query(ctx context.Context, q persistence.Query) (persistence.Page, error) {
	fail := func(err error) (persistence.Page, error) {
		return persistence.Page{}, fmt.Errorf("dynamo: query %s: %w", redact.Phones(q.PK), err)
	}
	if err := checkPartition(persistence.AttrPK, q.PK); err != nil {
		return fail(err)
	}
	var b exprBuilder
	keyCond := b.name(persistence.AttrPK) + " = " + b.value(&types.AttributeValueMemberS{Value: q.PK})
	if q.SKPrefix != "" {
		keyCond += " AND begins_with(" + b.name(persistence.AttrSK) + ", " + b.value(&types.AttributeValueMemberS{Value: q.SKPrefix}) + ")"
	} else if q.SKFrom != "" && q.SKTo != "" {
		keyCond += " AND " + b.name(persistence.AttrSK) + " BETWEEN " + b.value(&types.AttributeValueMemberS{Value: q.SKFrom}) + " AND " + b.value(&types.AttributeValueMemberS{Value: q.SKTo})
	}
	in := &dynamodb.QueryInput{
		TableName:              &t.name,
		KeyConditionExpression: &keyCond,
		ScanIndexForward:       aws.Bool(!q.Descending),
		ConsistentRead:         aws.Bool(true),
	}
	page, err := t.queryPage(ctx, in, &b, q.Limit, q.Cursor)
	if err != nil {
		return fail(err)
	}
	return page, nil
}

// QueryIndex reads one page of a gsi1 partition: the page's entries from the
// index, which only offers eventually consistent reads, then, unless
// q.KeysOnly, the items they stand for (fetch). A KeysOnly query asks for the
// keys alone, so it reads as little on a table whose index projects every
// attribute (created by an older release) as on one projecting keys.
func (t *Table) QueryIndex(ctx context.Context, q persistence.IndexQuery) (persistence.Page, error) {
	fail := func(err error) (persistence.Page, error) {
		return persistence.Page{}, fmt.Errorf("dynamo: query index %s: %w", q.GSI1PK, err)
	}
	if err := checkPartition(persistence.AttrGSI1PK, q.GSI1PK); err != nil {
		return fail(err)
	}
	var b exprBuilder
	keyCond := b.name(persistence.AttrGSI1PK) + " = " + b.value(&types.AttributeValueMemberS{Value: q.GSI1PK})
	if q.SKUpTo != "" {
		keyCond += " AND " + b.name(persistence.AttrGSI1SK) + " <= " + b.value(&types.AttributeValueMemberS{Value: q.SKUpTo})
	}
	in := &dynamodb.QueryInput{
		TableName:              &t.name,
		IndexName:              aws.String(persistence.IndexGSI1),
		KeyConditionExpression: &keyCond,
		ScanIndexForward:       aws.Bool(!q.Descending),
	}
	if q.KeysOnly {
		in.ProjectionExpression = aws.String(keysProjection(&b))
	}
	page, err := t.queryPage(ctx, in, &b, q.Limit, q.Cursor)
	if err != nil {
		return fail(err)
	}
	if !q.KeysOnly {
		if page.Items, err = t.fetch(ctx, q, page.Items); err != nil {
			return fail(err)
		}
	}
	return page, nil
}

// keysProjection is the projection expression of an index entry's keys.
func keysProjection(b *exprBuilder) string {
	names := make([]string, len(persistence.IndexEntryAttrs))
	for i, attr := range persistence.IndexEntryAttrs {
		names[i] = b.name(attr)
	}
	return strings.Join(names, ", ")
}

// Scan reads one page of the whole table with a strongly consistent Scan.
// Limit counts the items read before the filter, as DynamoDB does.
func (t *Table) Scan(ctx context.Context, s persistence.Scan) (persistence.Page, error) {
	fail := func(err error) (persistence.Page, error) {
		return persistence.Page{}, fmt.Errorf("dynamo: scan: %w", err)
	}
	var b exprBuilder
	in := &dynamodb.ScanInput{TableName: &t.name, ConsistentRead: aws.Bool(true)}
	var err error
	if in.FilterExpression, err = b.conditionExpr(s.Filter); err != nil {
		return fail(err)
	}
	if in.Limit, err = checkLimit(s.Limit); err != nil {
		return fail(err)
	}
	if in.ExclusiveStartKey, err = decodeCursor(s.Cursor); err != nil {
		return fail(err)
	}
	in.ExpressionAttributeNames, in.ExpressionAttributeValues = b.names, b.values
	out, err := t.api.Scan(ctx, in)
	if err != nil {
		return fail(err)
	}
	page, err := newPage(out.Items, out.LastEvaluatedKey)
	if err != nil {
		return fail(err)
	}
	return page, nil
}

func newPage(items []map[string]types.AttributeValue, last map[string]types.AttributeValue) (persistence.Page, error) {
	next, err := encodeCursor(last)
	if err != nil {
		return persistence.Page{}, err
	}
	if items == nil {
		items = []persistence.Item{}
	}
	return persistence.Page{Items: items, Next: next}, nil
}

// queryPage runs one Query page: the limit and cursor set, the expression
// placeholders of b attached, the answer turned into a Page.
func (t *Table) queryPage(ctx context.Context, in *dynamodb.QueryInput, b *exprBuilder, limit int32, cursor string) (persistence.Page, error) {
	var err error
	if in.Limit, err = checkLimit(limit); err != nil {
		return persistence.Page{}, err
	}
	if in.ExclusiveStartKey, err = decodeCursor(cursor); err != nil {
		return persistence.Page{}, err
	}
	in.ExpressionAttributeNames, in.ExpressionAttributeValues = b.names, b.values
	out, err := t.api.Query(ctx, in)
	if err != nil {
		return persistence.Page{}, err
	}
	return newPage(out.Items, out.LastEvaluatedKey)
}
