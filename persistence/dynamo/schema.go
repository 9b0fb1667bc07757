package dynamo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
	"github.com/intake-runtime/intake/persistence"
)

// SchemaAPI is the part of *dynamodb.Client that EnsureTable uses.
type SchemaAPI interface {
	CreateTable(ctx context.Context, in *dynamodb.CreateTableInput, opts ...func(*dynamodb.Options)) (*dynamodb.CreateTableOutput, error)
	DescribeTable(ctx context.Context, in *dynamodb.DescribeTableInput, opts ...func(*dynamodb.Options)) (*dynamodb.DescribeTableOutput, error)
	DescribeTimeToLive(ctx context.Context, in *dynamodb.DescribeTimeToLiveInput, opts ...func(*dynamodb.Options)) (*dynamodb.DescribeTimeToLiveOutput, error)
	UpdateTimeToLive(ctx context.Context, in *dynamodb.UpdateTimeToLiveInput, opts ...func(*dynamodb.Options)) (*dynamodb.UpdateTimeToLiveOutput, error)
}

var _ SchemaAPI = (*dynamodb.Client)(nil)

// The values of TableReport.TTL; an unsupported server gives
// TTLNotSupported followed by ": " and the server's reason.
const (
	TTLEnabled        = "enabled"
	TTLAlreadyEnabled = "already enabled"
	TTLNotSupported   = "not supported by this server"
)

// activeTimeout bounds the wait for a new table when ctx has no deadline.
const activeTimeout = 5 * time.Minute

// TableReport says what EnsureTable found and did.
type TableReport struct {
	// Name is the table's name.
	Name string
	// Created is true when EnsureTable created the table, false when it
	// already existed (possibly created concurrently by another process).
	Created bool
	// TTL is TTLEnabled, TTLAlreadyEnabled, or TTLNotSupported + ": <reason>"
	// on a DynamoDB-compatible server without the TTL API.
	TTL string
	// IndexProjectsAll is true for a table whose gsi1 projects every
	// attribute, as releases before the keys-only index created it. Intake
	// works on it unchanged, but every write of an indexed item (a session, a
	// reply, a receipt) is paid again in the index at the item's size,
	// instead of one unit, until the index is rebuilt keys-only.
	IndexProjectsAll bool
}

// String is the report as one line, for the CLI.
func (r TableReport) String() string {
	state := "already exists"
	if r.Created {
		state = "created"
	}
	line := fmt.Sprintf("table %s %s; TTL on attribute %s: %s", r.Name, state, persistence.AttrTTL, r.TTL)
	if r.IndexProjectsAll {
		line += fmt.Sprintf("; index %s projects all attributes: rebuild it with projection KEYS_ONLY to pay one write unit per indexed write instead of the item's size", persistence.IndexGSI1)
	}
	return line
}

// EnsureTable makes sure the table name exists with Intake's schema and is
// ready to use; `intake table create` calls it. It is idempotent, so running
// it at every deployment is safe:
//
//   - it creates the table when missing: string keys pk (partition) and sk
//     (sort), on-demand billing (PAY_PER_REQUEST), and the global secondary
//     index gsi1 over gsi1pk/gsi1sk projecting only the keys (readers
//     fetch the items by key: see Table.QueryIndex);
//   - it waits until the table and its index are ACTIVE (bounded by ctx, or
//     by five minutes when ctx has no deadline);
//   - it checks that an existing table has that key schema and index, and
//     returns an error naming the difference when not (it never alters or
//     deletes a table). An index projecting all attributes, as older
//     releases made it, is accepted, and the report says so;
//   - it enables TTL on the attribute ttl. A DynamoDB-compatible server
//     without the TTL API is not an error: the report says so.
//
// The credentials need dynamodb:CreateTable, DescribeTable,
// DescribeTimeToLive and UpdateTimeToLive.
func EnsureTable(ctx context.Context, api SchemaAPI, name string) (TableReport, error) {
	report := TableReport{Name: name}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, activeTimeout)
		defer cancel()
	}
	_, err := api.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: &name})
	var notFound *types.ResourceNotFoundException
	switch {
	case errors.As(err, &notFound):
		created, err := createTable(ctx, api, name, types.ProjectionTypeKeysOnly)
		if err != nil {
			return report, fmt.Errorf("dynamo: create table %s: %w", name, err)
		}
		report.Created = created
	case err != nil:
		return report, fmt.Errorf("dynamo: describe table %s: %w", name, err)
	}
	desc, err := waitActive(ctx, api, name)
	if err != nil {
		return report, fmt.Errorf("dynamo: wait for table %s: %w", name, err)
	}
	if report.IndexProjectsAll, err = checkSchema(desc); err != nil {
		return report, fmt.Errorf("dynamo: table %s exists with another schema: %w", name, err)
	}
	if report.TTL, err = ensureTTL(ctx, api, name); err != nil {
		return report, fmt.Errorf("dynamo: enable TTL on table %s: %w", name, err)
	}
	return report, nil
}

// createTable creates the table, its index projecting projection (keys only
// since the keys-only index; all attributes before); false means another
// process created it first.
func createTable(ctx context.Context, api SchemaAPI, name string, projection types.ProjectionType) (bool, error) {
	_, err := api.CreateTable(ctx, &dynamodb.CreateTableInput{
		TableName:   &name,
		BillingMode: types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{
			{AttributeName: aws.String(persistence.AttrPK), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String(persistence.AttrSK), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String(persistence.AttrGSI1PK), AttributeType: types.ScalarAttributeTypeS},
			{AttributeName: aws.String(persistence.AttrGSI1SK), AttributeType: types.ScalarAttributeTypeS},
		},
		KeySchema: keySchema(persistence.AttrPK, persistence.AttrSK),
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndex{{
			IndexName:  aws.String(persistence.IndexGSI1),
			KeySchema:  keySchema(persistence.AttrGSI1PK, persistence.AttrGSI1SK),
			Projection: &types.Projection{ProjectionType: projection},
		}},
	})
	var inUse *types.ResourceInUseException
	if errors.As(err, &inUse) {
		return false, nil
	}
	return err == nil, err
}

func keySchema(hash, rng string) []types.KeySchemaElement {
	return []types.KeySchemaElement{
		{AttributeName: aws.String(hash), KeyType: types.KeyTypeHash},
		{AttributeName: aws.String(rng), KeyType: types.KeyTypeRange},
	}
}

// waitActive polls DescribeTable until the table and its indexes are ACTIVE.
func waitActive(ctx context.Context, api SchemaAPI, name string) (*types.TableDescription, error) {
	delay := 50 * time.Millisecond
	for {
		out, err := api.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: &name})
		if err != nil {
			return nil, err
		}
		if out.Table != nil && active(out.Table) {
			return out.Table, nil
		}
		timer := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			timer.Stop()
			return nil, ctx.Err()
		case <-timer.C:
		}
		delay = min(delay*2, 2*time.Second)
	}
}

func active(t *types.TableDescription) bool {
	if t.TableStatus != types.TableStatusActive {
		return false
	}
	for _, g := range t.GlobalSecondaryIndexes {
		if g.IndexStatus != types.IndexStatusActive {
			return false
		}
	}
	return true
}

// checkSchema compares an existing table with the schema createTable makes,
// and reports whether its index projects all attributes (older releases).
func checkSchema(t *types.TableDescription) (projectsAll bool, err error) {
	if !sameKeys(t.KeySchema, persistence.AttrPK, persistence.AttrSK) {
		return false, fmt.Errorf("its key schema is not %s (partition) and %s (sort)", persistence.AttrPK, persistence.AttrSK)
	}
	for _, g := range t.GlobalSecondaryIndexes {
		if aws.ToString(g.IndexName) != persistence.IndexGSI1 {
			continue
		}
		if !sameKeys(g.KeySchema, persistence.AttrGSI1PK, persistence.AttrGSI1SK) {
			return false, fmt.Errorf("index %s is not keyed by %s and %s", persistence.IndexGSI1, persistence.AttrGSI1PK, persistence.AttrGSI1SK)
		}
		var projection types.ProjectionType
		if g.Projection != nil {
			projection = g.Projection.ProjectionType
		}
		switch projection {
		case types.ProjectionTypeKeysOnly, types.ProjectionTypeAll:
			return projection == types.ProjectionTypeAll, nil
		}
		return false, fmt.Errorf("index %s projects %q, not %s", persistence.IndexGSI1, projection, types.ProjectionTypeKeysOnly)
	}
	return false, fmt.Errorf("it has no global secondary index %s", persistence.IndexGSI1)
}

func sameKeys(ks []types.KeySchemaElement, hash, rng string) bool {
	if len(ks) != 2 {
		return false
	}
	got := map[types.KeyType]string{}
	for _, k := range ks {
		got[k.KeyType] = aws.ToString(k.AttributeName)
	}
	return got[types.KeyTypeHash] == hash && got[types.KeyTypeRange] == rng
}

// ensureTTL enables TTL on the ttl attribute unless it already is.
func ensureTTL(ctx context.Context, api SchemaAPI, name string) (string, error) {
	d, err := api.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: &name})
	if reason, ok := unsupported(err); ok {
		return TTLNotSupported + ": " + reason, nil
	}
	if err != nil {
		return "", err
	}
	if desc := d.TimeToLiveDescription; desc != nil {
		switch desc.TimeToLiveStatus {
		case types.TimeToLiveStatusEnabled, types.TimeToLiveStatusEnabling:
			if attr := aws.ToString(desc.AttributeName); attr != persistence.AttrTTL {
				return "", fmt.Errorf("TTL is enabled on attribute %q, not %q", attr, persistence.AttrTTL)
			}
			return TTLAlreadyEnabled, nil
		}
	}
	_, err = api.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{
		TableName: &name,
		TimeToLiveSpecification: &types.TimeToLiveSpecification{
			AttributeName: aws.String(persistence.AttrTTL),
			Enabled:       aws.Bool(true),
		},
	})
	if reason, ok := unsupported(err); ok {
		return TTLNotSupported + ": " + reason, nil
	}
	if err != nil {
		return "", err
	}
	return TTLEnabled, nil
}

// unsupported recognizes a server that does not implement an operation (it
// answers UnknownOperationException) and returns its reason.
func unsupported(err error) (string, bool) {
	var apiErr smithy.APIError
	if errors.As(err, &apiErr) && apiErr.ErrorCode() == "UnknownOperationException" {
		return apiErr.ErrorCode() + ": " + apiErr.ErrorMessage(), true
	}
	return "", false
}
