package runtime

import (
	"context"
	"fmt"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/ssm"

	"github.com/intake-runtime/intake/runtime/config"
)

// ParameterLookup is lookup layered over the parameter store when
// PARAMETER_PREFIX is set (see config.WithParameterStore): `serve` and
// `sync` load their configuration through it. The SSM client comes from the
// AWS default configuration in AWS_REGION.
func ParameterLookup(ctx context.Context, lookup config.LookupFunc) (config.LookupFunc, error) {
	if config.ParameterPrefix(lookup) == "" {
		return lookup, nil
	}
	awsCfg, err := awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(config.ParameterRegion(lookup)))
	if err != nil {
		return nil, fmt.Errorf("runtime: parameter store: %w", err)
	}
	return config.WithParameterStore(ctx, lookup, ssm.NewFromConfig(awsCfg))
}
