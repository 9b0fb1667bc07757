package dynamo_test

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/internal/testservers"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/dynamo"
	"github.com/intake-runtime/intake/persistence/persistencetest"
)

func TestMain(m *testing.M) { testservers.Main(m) }

func TestContract(t *testing.T) {
	client := localClient(t)
	persistencetest.Run(t, func(t *testing.T) persistence.Table { return newTable(t, client) })
}

func TestEnsureTable(t *testing.T) {
	client := localClient(t)
	name := tableName()
	first, err := dynamo.EnsureTable(t.Context(), client, name)
	if err != nil {
		t.Fatalf("first EnsureTable: %v", err)
	}
	if !first.Created || first.Name != name || first.TTL != dynamo.TTLEnabled {
		t.Fatalf("first EnsureTable = %+v; want created, TTL enabled", first)
	}
	second, err := dynamo.EnsureTable(t.Context(), client, name)
	if err != nil {
		t.Fatalf("second EnsureTable: %v", err)
	}
	if second.Created || second.TTL != dynamo.TTLAlreadyEnabled {
		t.Fatalf("second EnsureTable = %+v; want Created false, TTL already enabled", second)
	}
	t.Log(first, "|", second)

	out, err := client.DescribeTable(t.Context(), &dynamodb.DescribeTableInput{TableName: &name})
	if err != nil {
		t.Fatalf("DescribeTable: %v", err)
	}
	if out.Table.BillingModeSummary == nil || out.Table.BillingModeSummary.BillingMode != types.BillingModePayPerRequest {
		t.Errorf("billing mode = %+v; want PAY_PER_REQUEST", out.Table.BillingModeSummary)
	}
	if gsi := out.Table.GlobalSecondaryIndexes; len(gsi) != 1 || aws.ToString(gsi[0].IndexName) != persistence.IndexGSI1 ||
		gsi[0].Projection.ProjectionType != types.ProjectionTypeKeysOnly {
		t.Errorf("indexes = %+v; want gsi1, projecting keys only", gsi)
	}
	ttl, err := client.DescribeTimeToLive(t.Context(), &dynamodb.DescribeTimeToLiveInput{TableName: &name})
	if err != nil {
		t.Fatalf("DescribeTimeToLive: %v", err)
	}
	if d := ttl.TimeToLiveDescription; d == nil || d.TimeToLiveStatus != types.TimeToLiveStatusEnabled || aws.ToString(d.AttributeName) != persistence.AttrTTL {
		t.Errorf("TTL = %+v; want enabled on %s", d, persistence.AttrTTL)
	}
}

// A table created by a release whose index projected every attribute keeps
// serving unchanged: the contract holds on it too.
func TestContractOnAnIndexProjectingAll(t *testing.T) {
	client := localClient(t)
	persistencetest.Run(t, func(t *testing.T) persistence.Table { return olderTable(t, client) })
}

// Its index entries are the items: a query reads them in one request, as
// before the index held only keys.
func TestAnIndexProjectingAllIsReadInOneRequest(t *testing.T) {
	usage := &dynamo.Usage{}
	tbl := olderTable(t, localClient(t)).WithUsage(usage)
	item := map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "CRM_SYNC#1"}, "sk": &types.AttributeValueMemberS{Value: "META"},
		"gsi1pk": &types.AttributeValueMemberS{Value: "DUE"}, "gsi1sk": &types.AttributeValueMemberS{Value: "1"},
		"session_id": &types.AttributeValueMemberS{Value: "1"},
	}
	if err := tbl.Put(t.Context(), item, nil); err != nil {
		t.Fatal(err)
	}
	usage.Reset()
	page, err := tbl.QueryIndex(t.Context(), persistence.IndexQuery{GSI1PK: "DUE"})
	if err != nil || len(page.Items) != 1 || page.Items[0]["session_id"] == nil {
		t.Fatalf("QueryIndex = %v, %v; want the whole item", page.Items, err)
	}
	if got := usage.Snapshot().Requests; got["Query"] != 1 || got["BatchGetItem"] != 0 {
		t.Errorf("requests = %v; want one Query", got)
	}
}

// olderTable creates a table as releases before the keys-only index did,
// its index projecting every attribute, and returns it after EnsureTable,
// which must accept it and say so.
func olderTable(t *testing.T, client *dynamodb.Client) *dynamo.Table {
	t.Helper()
	name := tableName()
	if err := dynamo.CreateOlderTable(t.Context(), client, name); err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	report, err := dynamo.EnsureTable(t.Context(), client, name)
	if err != nil || !report.IndexProjectsAll {
		t.Fatalf("EnsureTable = %+v, %v; want the index reported as projecting all", report, err)
	}
	return dynamo.New(client, name)
}

func TestEnsureTableRejectsAnotherSchema(t *testing.T) {
	client := localClient(t)
	name := tableName()
	_, err := client.CreateTable(t.Context(), &dynamodb.CreateTableInput{
		TableName:            &name,
		BillingMode:          types.BillingModePayPerRequest,
		AttributeDefinitions: []types.AttributeDefinition{{AttributeName: aws.String("id"), AttributeType: types.ScalarAttributeTypeS}},
		KeySchema:            []types.KeySchemaElement{{AttributeName: aws.String("id"), KeyType: types.KeyTypeHash}},
	})
	if err != nil {
		t.Fatalf("CreateTable: %v", err)
	}
	if _, err := dynamo.EnsureTable(t.Context(), client, name); err == nil || !strings.Contains(err.Error(), "another schema") {
		t.Fatalf("EnsureTable on a foreign table: %v; want a schema error", err)
	}
}

// localClient returns a client for the DynamoDB Local shared by this
// package's tests, with static dummy credentials (DynamoDB Local checks that
// requests are signed, not by whom; each access key and region has its own
// tables).
func localClient(t testing.TB) *dynamodb.Client {
	endpoint := testservers.SharedDynamoDBLocal(t)
	cfg := aws.Config{
		Region:      "us-east-1",
		Credentials: credentials.NewStaticCredentialsProvider("x", "x", ""),
	}
	return dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) { o.BaseEndpoint = aws.String(endpoint) })
}

var tables atomic.Int64

// tableName returns a table name unique in this test process.
func tableName() string { return fmt.Sprintf("intake-test-%d", tables.Add(1)) }

// newTable creates a fresh table with EnsureTable and returns it.
func newTable(t *testing.T, client *dynamodb.Client) *dynamo.Table {
	t.Helper()
	name := tableName()
	if _, err := dynamo.EnsureTable(t.Context(), client, name); err != nil {
		t.Fatalf("EnsureTable(%s): %v", name, err)
	}
	return dynamo.New(client, name)
}
