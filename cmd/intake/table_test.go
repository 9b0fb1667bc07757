package main

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/intake-runtime/intake/internal/testservers"
	"github.com/intake-runtime/intake/persistence"
)

// TestMain stops the DynamoDB Local that this package's tests share.
func TestMain(m *testing.M) { testservers.Main(m) }

func TestTableCreateIsIdempotent(t *testing.T) {
	endpoint := testservers.SharedDynamoDBLocal(t)
	// The AWS SDK reads credentials from the process environment, not from
	// the lookup that carries Intake's own variables.
	t.Setenv("AWS_ACCESS_KEY_ID", "test")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "test")
	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	env := map[string]string{"AWS_ENDPOINT_URL_DYNAMODB": endpoint, "AWS_REGION": "us-east-1"}

	for _, want := range []string{
		"table intake created; TTL on attribute ttl: enabled\n",
		"table intake already exists; TTL on attribute ttl: already enabled\n",
	} {
		code, stdout, stderr := execute(t, env, "table", "create")
		if code != exitOK || stdout != want {
			t.Fatalf("intake table create: exit %d, stdout %q, stderr %q; want exit 0 and %q", code, stdout, stderr, want)
		}
	}

	cfg := aws.Config{Region: "us-east-1", Credentials: credentials.NewStaticCredentialsProvider("test", "test", "")}
	client := dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) { o.BaseEndpoint = aws.String(endpoint) })
	out, err := client.DescribeTimeToLive(t.Context(), &dynamodb.DescribeTimeToLiveInput{TableName: aws.String("intake")})
	if err != nil {
		t.Fatalf("DescribeTimeToLive: %v", err)
	}
	if d := out.TimeToLiveDescription; d == nil || d.TimeToLiveStatus != types.TimeToLiveStatusEnabled || aws.ToString(d.AttributeName) != persistence.AttrTTL {
		t.Fatalf("TTL of the table = %+v; want enabled on %q", d, persistence.AttrTTL)
	}
}
