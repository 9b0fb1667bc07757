package dynamo_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/dynamo"
)

// fakeSchema is a table whose describe answers come from a script: each
// DescribeTable pops the next status, and the last one repeats.
type fakeSchema struct {
	exists      bool
	describeErr error
	statuses    []types.TableStatus
	lostRace    bool // another process creates the table just before CreateTable
	ttl         *types.TimeToLiveDescription
	ttlErr      error // from DescribeTimeToLive
	updateErr   error // from UpdateTimeToLive
	table       *types.TableDescription

	created   *dynamodb.CreateTableInput
	ttlUpdate *dynamodb.UpdateTimeToLiveInput
}

func (f *fakeSchema) CreateTable(_ context.Context, in *dynamodb.CreateTableInput, _ ...func(*dynamodb.Options)) (*dynamodb.CreateTableOutput, error) {
	f.created = in
	f.exists = true
	if f.lostRace {
		return nil, &types.ResourceInUseException{Message: aws.String("Table already exists")}
	}
	return &dynamodb.CreateTableOutput{}, nil
}

func (f *fakeSchema) DescribeTable(context.Context, *dynamodb.DescribeTableInput, ...func(*dynamodb.Options)) (*dynamodb.DescribeTableOutput, error) {
	if f.describeErr != nil {
		return nil, f.describeErr
	}
	if !f.exists {
		return nil, &types.ResourceNotFoundException{Message: aws.String("Requested resource not found")}
	}
	t := *f.table
	t.TableStatus = f.statuses[0]
	if len(f.statuses) > 1 {
		f.statuses = f.statuses[1:]
	}
	return &dynamodb.DescribeTableOutput{Table: &t}, nil
}

func (f *fakeSchema) DescribeTimeToLive(context.Context, *dynamodb.DescribeTimeToLiveInput, ...func(*dynamodb.Options)) (*dynamodb.DescribeTimeToLiveOutput, error) {
	if f.ttlErr != nil {
		return nil, f.ttlErr
	}
	return &dynamodb.DescribeTimeToLiveOutput{TimeToLiveDescription: f.ttl}, nil
}

func (f *fakeSchema) UpdateTimeToLive(_ context.Context, in *dynamodb.UpdateTimeToLiveInput, _ ...func(*dynamodb.Options)) (*dynamodb.UpdateTimeToLiveOutput, error) {
	f.ttlUpdate = in
	if f.updateErr != nil {
		return nil, f.updateErr
	}
	return &dynamodb.UpdateTimeToLiveOutput{}, nil
}

// intakeTable is the description of a table with Intake's schema.
func intakeTable() *types.TableDescription { return tableProjecting(types.ProjectionTypeKeysOnly) }

// tableProjecting is intakeTable with an index of another projection.
func tableProjecting(projection types.ProjectionType) *types.TableDescription {
	keys := func(h, r string) []types.KeySchemaElement {
		return []types.KeySchemaElement{
			{AttributeName: aws.String(h), KeyType: types.KeyTypeHash},
			{AttributeName: aws.String(r), KeyType: types.KeyTypeRange},
		}
	}
	return &types.TableDescription{
		KeySchema: keys("pk", "sk"),
		GlobalSecondaryIndexes: []types.GlobalSecondaryIndexDescription{{
			IndexName:   aws.String("gsi1"),
			IndexStatus: types.IndexStatusActive,
			KeySchema:   keys("gsi1pk", "gsi1sk"),
			Projection:  &types.Projection{ProjectionType: projection},
		}},
	}
}

func disabledTTL() *types.TimeToLiveDescription {
	return &types.TimeToLiveDescription{TimeToLiveStatus: types.TimeToLiveStatusDisabled}
}

func TestEnsureTableCreatesAndWaits(t *testing.T) {
	api := &fakeSchema{
		statuses: []types.TableStatus{types.TableStatusCreating, types.TableStatusCreating, types.TableStatusActive},
		table:    intakeTable(),
		ttl:      disabledTTL(),
	}
	report, err := dynamo.EnsureTable(t.Context(), api, "intake")
	if err != nil {
		t.Fatalf("EnsureTable: %v", err)
	}
	want := dynamo.TableReport{Name: "intake", Created: true, TTL: dynamo.TTLEnabled}
	if report != want {
		t.Errorf("report = %+v; want %+v", report, want)
	}
	if len(api.statuses) != 1 {
		t.Errorf("EnsureTable returned before the table was ACTIVE")
	}
	in := api.created
	if in.BillingMode != types.BillingModePayPerRequest || len(in.GlobalSecondaryIndexes) != 1 ||
		aws.ToString(in.GlobalSecondaryIndexes[0].IndexName) != "gsi1" ||
		in.GlobalSecondaryIndexes[0].Projection.ProjectionType != types.ProjectionTypeKeysOnly {
		t.Errorf("CreateTable input = %+v", in)
	}
	spec := api.ttlUpdate.TimeToLiveSpecification
	if aws.ToString(spec.AttributeName) != persistence.AttrTTL || !aws.ToBool(spec.Enabled) {
		t.Errorf("UpdateTimeToLive spec = %+v; want ttl enabled", spec)
	}
	if got := report.String(); got != "table intake created; TTL on attribute ttl: enabled" {
		t.Errorf("String() = %q", got)
	}
}

func TestEnsureTableReports(t *testing.T) {
	unknownOp := &smithy.GenericAPIError{Code: "UnknownOperationException", Message: "UnknownError"}
	tests := []struct {
		name    string
		api     *fakeSchema
		want    dynamo.TableReport
		wantErr string
	}{
		{
			name: "existing table with TTL",
			api: &fakeSchema{exists: true, statuses: []types.TableStatus{types.TableStatusActive}, table: intakeTable(),
				ttl: &types.TimeToLiveDescription{TimeToLiveStatus: types.TimeToLiveStatusEnabled, AttributeName: aws.String("ttl")}},
			want: dynamo.TableReport{Name: "intake", TTL: dynamo.TTLAlreadyEnabled},
		},
		{
			name: "created concurrently by another process",
			api: &fakeSchema{lostRace: true, statuses: []types.TableStatus{types.TableStatusActive},
				table: intakeTable(), ttl: disabledTTL()},
			want: dynamo.TableReport{Name: "intake", TTL: dynamo.TTLEnabled},
		},
		{
			name: "server without UpdateTimeToLive",
			api: &fakeSchema{exists: true, statuses: []types.TableStatus{types.TableStatusActive}, table: intakeTable(),
				ttl: disabledTTL(), updateErr: unknownOp},
			want: dynamo.TableReport{Name: "intake", TTL: "not supported by this server: UnknownOperationException: UnknownError"},
		},
		{
			name: "server without DescribeTimeToLive",
			api: &fakeSchema{exists: true, statuses: []types.TableStatus{types.TableStatusActive}, table: intakeTable(),
				ttlErr: unknownOp},
			want: dynamo.TableReport{Name: "intake", TTL: "not supported by this server: UnknownOperationException: UnknownError"},
		},
		{
			name: "TTL on another attribute",
			api: &fakeSchema{exists: true, statuses: []types.TableStatus{types.TableStatusActive}, table: intakeTable(),
				ttl: &types.TimeToLiveDescription{TimeToLiveStatus: types.TimeToLiveStatusEnabled, AttributeName: aws.String("expires")}},
			wantErr: `TTL is enabled on attribute "expires"`,
		},
		{
			name: "TTL update denied",
			api: &fakeSchema{exists: true, statuses: []types.TableStatus{types.TableStatusActive}, table: intakeTable(),
				ttl: disabledTTL(), updateErr: &smithy.GenericAPIError{Code: "AccessDeniedException", Message: "no"}},
			wantErr: "AccessDeniedException",
		},
		{
			name: "an older release's table, whose index projects all attributes",
			api: &fakeSchema{exists: true, statuses: []types.TableStatus{types.TableStatusActive},
				table: tableProjecting(types.ProjectionTypeAll), ttl: disabledTTL()},
			want: dynamo.TableReport{Name: "intake", TTL: dynamo.TTLEnabled, IndexProjectsAll: true},
		},
		{
			name: "index projecting some attributes",
			api: &fakeSchema{exists: true, statuses: []types.TableStatus{types.TableStatusActive},
				table: tableProjecting(types.ProjectionTypeInclude)},
			wantErr: `index gsi1 projects "INCLUDE", not KEYS_ONLY`,
		},
		{
			name: "table without gsi1",
			api: &fakeSchema{exists: true, statuses: []types.TableStatus{types.TableStatusActive},
				table: &types.TableDescription{KeySchema: intakeTable().KeySchema}},
			wantErr: "no global secondary index gsi1",
		},
		{
			name:    "describe fails",
			api:     &fakeSchema{describeErr: &smithy.GenericAPIError{Code: "UnrecognizedClientException", Message: "bad token"}},
			wantErr: "UnrecognizedClientException",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			report, err := dynamo.EnsureTable(t.Context(), tc.api, "intake")
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("EnsureTable = %+v, %v; want an error containing %q", report, err, tc.wantErr)
				}
				return
			}
			if err != nil || report != tc.want {
				t.Fatalf("EnsureTable = %+v, %v; want %+v", report, err, tc.want)
			}
		})
	}
}

func TestReportOfAnIndexProjectingAllSaysHowToCutItsCost(t *testing.T) {
	report := dynamo.TableReport{Name: "intake", TTL: dynamo.TTLAlreadyEnabled, IndexProjectsAll: true}
	want := "table intake already exists; TTL on attribute ttl: already enabled; index gsi1 projects all attributes: " +
		"rebuild it with projection KEYS_ONLY to pay one write unit per indexed write instead of the item's size"
	if got := report.String(); got != want {
		t.Errorf("String() = %q; want %q", got, want)
	}
}

func TestEnsureTableWaitHonoursContext(t *testing.T) {
	api := &fakeSchema{exists: true, statuses: []types.TableStatus{types.TableStatusCreating}, table: intakeTable()}
	ctx, cancel := context.WithTimeout(t.Context(), 200*time.Millisecond)
	defer cancel()
	_, err := dynamo.EnsureTable(ctx, api, "intake")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("EnsureTable on a table that stays CREATING = %v; want DeadlineExceeded", err)
	}
}
