package dynamo

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

// NewClient returns a DynamoDB client configured by the SDK's default chain
// (environment, shared files, container or instance roles). A non-empty
// region overrides the chain's region; a non-empty endpoint (e.g.
// "http://127.0.0.1:8000" for DynamoDB Local) replaces the service endpoint.
func NewClient(ctx context.Context, region, endpoint string) (*dynamodb.Client, error) {
	var opts []func(*config.LoadOptions) error
	if region != "" {
		opts = append(opts, config.WithRegion(region))
	}
	cfg, err := config.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return nil, fmt.Errorf("dynamo: load AWS config: %w", err)
	}
	return dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) {
		if endpoint != "" {
			o.BaseEndpoint = aws.String(endpoint)
		}
	}), nil
}
