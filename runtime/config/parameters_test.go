package config_test

import (
	"context"
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/ssm"
	ssmtypes "github.com/aws/aws-sdk-go-v2/service/ssm/types"

	"github.com/intake-runtime/intake/runtime/config"
)

// storeFunc is a ParameterStore made of a function, as the aws-sdk-go-v2
// unit-testing guide fakes a one-call interface.
type storeFunc func(ctx context.Context, in *ssm.GetParametersByPathInput, opts ...func(*ssm.Options)) (*ssm.GetParametersByPathOutput, error)

func (f storeFunc) GetParametersByPath(ctx context.Context, in *ssm.GetParametersByPathInput, opts ...func(*ssm.Options)) (*ssm.GetParametersByPathOutput, error) {
	return f(ctx, in, opts...)
}

func param(name, value string) ssmtypes.Parameter {
	return ssmtypes.Parameter{Name: aws.String(name), Value: aws.String(value)}
}

// With PARAMETER_PREFIX the configuration reads every page of the path,
// recursively and decrypted; the environment wins over the store.
func TestParameterStoreUnderTheEnvironment(t *testing.T) {
	var calls []ssm.GetParametersByPathInput
	store := storeFunc(func(_ context.Context, in *ssm.GetParametersByPathInput, _ ...func(*ssm.Options)) (*ssm.GetParametersByPathOutput, error) {
		calls = append(calls, *in)
		if aws.ToString(in.NextToken) == "" {
			return &ssm.GetParametersByPathOutput{NextToken: aws.String("2"), Parameters: []ssmtypes.Parameter{
				param("/intake/prod/CRM_ACCESS_TOKEN", "from-store"), param("/intake/prod/CRM_PIPELINE", "p-store"),
			}}, nil
		}
		return &ssm.GetParametersByPathOutput{Parameters: []ssmtypes.Parameter{param("/intake/prod/crm/CRM_MAX_RPS", "0.5")}}, nil
	})
	vars := map[string]string{"PARAMETER_PREFIX": "/intake/prod", "CRM_PIPELINE": "p-env"}
	lookup, err := config.WithParameterStore(context.Background(), env(vars), store)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(lookup)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.CRM.AccessToken.Reveal() != "from-store" || cfg.CRM.Pipeline != "p-env" || cfg.CRM.MaxRPS != 0.5 {
		t.Errorf("CRM = token %q, pipeline %q, rps %g; want the store's token and rate, the environment's pipeline",
			cfg.CRM.AccessToken.Reveal(), cfg.CRM.Pipeline, cfg.CRM.MaxRPS)
	}
	if len(calls) != 2 || aws.ToString(calls[0].Path) != "/intake/prod" || !aws.ToBool(calls[0].Recursive) || !aws.ToBool(calls[0].WithDecryption) ||
		aws.ToString(calls[1].NextToken) != "2" {
		t.Errorf("calls = %+v, want two pages of /intake/prod, recursive and decrypted", calls)
	}
}

func TestParameterStoreErrors(t *testing.T) {
	ctx := context.Background()
	untouched := storeFunc(func(context.Context, *ssm.GetParametersByPathInput, ...func(*ssm.Options)) (*ssm.GetParametersByPathOutput, error) {
		t.Error("the store was called without PARAMETER_PREFIX")
		return nil, nil
	})
	if _, err := config.WithParameterStore(ctx, env(nil), untouched); err != nil {
		t.Errorf("without a prefix: %v", err)
	}
	denied := errors.New("AccessDeniedException")
	failing := storeFunc(func(context.Context, *ssm.GetParametersByPathInput, ...func(*ssm.Options)) (*ssm.GetParametersByPathOutput, error) {
		return nil, denied
	})
	if _, err := config.WithParameterStore(ctx, env(map[string]string{"PARAMETER_PREFIX": "/intake"}), failing); !errors.Is(err, denied) {
		t.Errorf("a failing store = %v, want its error", err)
	}
	if _, err := config.WithParameterStore(ctx, env(map[string]string{"PARAMETER_PREFIX": "intake"}), failing); err == nil {
		t.Error("a prefix without a leading / was accepted")
	}
	odd := storeFunc(func(context.Context, *ssm.GetParametersByPathInput, ...func(*ssm.Options)) (*ssm.GetParametersByPathOutput, error) {
		return &ssm.GetParametersByPathOutput{Parameters: []ssmtypes.Parameter{param("/intake/crm-token", "x")}}, nil
	})
	if _, err := config.WithParameterStore(ctx, env(map[string]string{"PARAMETER_PREFIX": "/intake"}), odd); err == nil {
		t.Error("a parameter that names no variable was accepted")
	}
}
