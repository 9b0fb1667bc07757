package runtime_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/intake-runtime/intake/internal/outbound"
	"github.com/intake-runtime/intake/internal/testservers"
	"github.com/intake-runtime/intake/persistence/dynamo"
)

// newDynamoLocalTable creates a table of its own, named after prefix, on the
// shared DynamoDB Local and returns a client built as serve builds its own
// (its pool tuned as the outbound transport, at the default size) and the
// table's name.
func newDynamoLocalTable(b testing.TB, prefix string) (*dynamodb.Client, string) {
	endpoint := testservers.SharedDynamoDBLocal(b)
	client, err := dynamo.NewClient(context.Background(), "us-east-1", endpoint,
		awsconfig.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("x", "x", "")),
		awsconfig.WithHTTPClient(awshttp.NewBuildableClient().WithTransportOptions(func(t *http.Transport) {
			outbound.Tune(t, outbound.Config{})
		})))
	if err != nil {
		b.Fatal(err)
	}
	name := fmt.Sprintf("%s-%d", prefix, time.Now().UnixNano())
	if _, err = dynamo.EnsureTable(context.Background(), client, name); err != nil {
		b.Fatal(err)
	}
	return client, name
}
