package dynamo_test

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/intake-runtime/intake/persistence/dynamo"
)

func TestNewClient(t *testing.T) {
	client, err := dynamo.NewClient(t.Context(), "sa-east-1", "http://127.0.0.1:8000")
	if err != nil {
		t.Fatalf("NewClient: %v", err)
	}
	o := client.Options()
	if o.Region != "sa-east-1" || aws.ToString(o.BaseEndpoint) != "http://127.0.0.1:8000" {
		t.Fatalf("region %q, endpoint %q; want sa-east-1 and the override", o.Region, aws.ToString(o.BaseEndpoint))
	}
}
