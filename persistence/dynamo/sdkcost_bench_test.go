package dynamo_test

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/persistence/dynamo"
)

// BenchmarkSDKPutItem measures what one table request costs through the
// SDK alone, on DynamoDB Local: a put of a three-attribute item with the
// client as tests build it. Its allocations per request (349 with
// aws-sdk-go-v2 1.47 and service/dynamodb 1.73: the middleware stack the
// SDK builds for every call, the signing, net/http; removing middleware
// through APIOptions costs more than it saves) times the four requests of
// a turn are a floor under the allocations per turn of the application
// and of the yardstick in runtime's BenchmarkEndToEnd alike.
func BenchmarkSDKPutItem(b *testing.B) {
	client := localClient(b)
	name := tableName()
	if _, err := dynamo.EnsureTable(b.Context(), client, name); err != nil {
		b.Fatal(err)
	}
	item := map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "P#1"}, "sk": &types.AttributeValueMemberS{Value: "S"},
		"v": &types.AttributeValueMemberS{Value: "hello"},
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := client.PutItem(b.Context(), &dynamodb.PutItemInput{TableName: aws.String(name), Item: item}); err != nil {
			b.Fatal(err)
		}
	}
}
