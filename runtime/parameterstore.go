package runtime

import (
	"context"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/ssm"
	ssmtypes "github.com/aws/aws-sdk-go-v2/service/ssm/types"

	"github.com/intake-runtime/intake/http/dashboard"
	"github.com/intake-runtime/intake/runtime/config"
)

// ParameterStore is a parameter store the dashboard can show and edit: the
// emulator's MemoryParameters (Options.Parameters).
type ParameterStore interface {
	config.ParameterStore
	PutParameter(ctx context.Context, in *ssm.PutParameterInput, opts ...func(*ssm.Options)) (*ssm.PutParameterOutput, error)
}

// dashboardParameters adapts a ParameterStore to the dashboard's Parameters
// tab, under PARAMETER_PREFIX ("/" when unset).
type dashboardParameters struct {
	store  ParameterStore
	prefix string
}

var _ dashboard.Parameters = dashboardParameters{}

func (p dashboardParameters) Prefix() string { return p.prefix }

func (p dashboardParameters) List(ctx context.Context) ([]dashboard.Parameter, error) {
	var out []dashboard.Parameter
	in := &ssm.GetParametersByPathInput{Path: aws.String(p.prefix), Recursive: aws.Bool(true), WithDecryption: aws.Bool(true)}
	for {
		page, err := p.store.GetParametersByPath(ctx, in)
		if err != nil {
			return nil, err
		}
		for _, param := range page.Parameters {
			out = append(out, dashboard.Parameter{Name: aws.ToString(param.Name), Value: aws.ToString(param.Value),
				Secure: param.Type == ssmtypes.ParameterTypeSecureString, Version: param.Version})
		}
		if aws.ToString(page.NextToken) == "" {
			return out, nil
		}
		in.NextToken = page.NextToken
	}
}

func (p dashboardParameters) Put(ctx context.Context, name, value string, secure bool) error {
	if !config.VariableName(name) {
		return fmt.Errorf("%q is not a variable name (letters, digits, _)", name)
	}
	typ := ssmtypes.ParameterTypeString
	if secure {
		typ = ssmtypes.ParameterTypeSecureString
	}
	_, err := p.store.PutParameter(ctx, &ssm.PutParameterInput{
		Name: aws.String(strings.TrimSuffix(p.prefix, "/") + "/" + name), Value: aws.String(value), Type: typ, Overwrite: aws.Bool(true),
	})
	return err
}
