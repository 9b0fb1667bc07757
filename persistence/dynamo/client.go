package dynamo

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/feature/ec2/imds"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

// NewClient returns a DynamoDB client configured by the SDK's default chain
// (environment, shared files, container or instance roles). A non-empty
// region overrides the chain's region; a non-empty endpoint (e.g.
// "http://127.0.0.1:8000" for DynamoDB Local) replaces the service endpoint.
// opts are applied last: a serving process passes its tuned HTTP client
// (config.WithHTTPClient), whose pool holds a connection per request in
// flight where the SDK's default keeps ten.
//
// A loopback endpoint is a local server (DynamoDB Local), which accepts any
// credentials: there the instance-metadata lookup is skipped and, when the
// chain finds no credentials, dummy static ones are used (see local.go), so
// a developer needs no AWS setup to run `intake table create` against it.
func NewClient(ctx context.Context, region, endpoint string, opts ...func(*config.LoadOptions) error) (*dynamodb.Client, error) {
	if region != "" {
		opts = append([]func(*config.LoadOptions) error{config.WithRegion(region)}, opts...)
	}
	local := Loopback(endpoint)
	if local {
		opts = append(opts, config.WithEC2IMDSClientEnableState(imds.ClientDisabled))
	}
	cfg, err := config.LoadDefaultConfig(ctx, opts...)
	if err != nil {
		return nil, fmt.Errorf("dynamo: load AWS config: %w", err)
	}
	if local {
		cfg.Credentials = aws.NewCredentialsCache(localCredentials{chain: cfg.Credentials})
	}
	return dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) {
		if endpoint != "" {
			o.BaseEndpoint = aws.String(endpoint)
		}
	}), nil
}
