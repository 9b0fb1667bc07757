package emulator_test

import (
	"context"
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/ssm"
	ssmtypes "github.com/aws/aws-sdk-go-v2/service/ssm/types"

	"github.com/intake-runtime/intake/emulator"
	"github.com/intake-runtime/intake/runtime/config"
)

// parameterStore is the subset of the SSM client a configuration loader
// declares.
type parameterStore interface {
	GetParameter(ctx context.Context, in *ssm.GetParameterInput, opts ...func(*ssm.Options)) (*ssm.GetParameterOutput, error)
	GetParametersByPath(ctx context.Context, in *ssm.GetParametersByPathInput, opts ...func(*ssm.Options)) (*ssm.GetParametersByPathOutput, error)
	PutParameter(ctx context.Context, in *ssm.PutParameterInput, opts ...func(*ssm.Options)) (*ssm.PutParameterOutput, error)
}

var (
	_ parameterStore        = (*emulator.MemoryParameters)(nil)
	_ config.ParameterStore = (*emulator.MemoryParameters)(nil)
)

func TestMemoryParameters(t *testing.T) {
	ctx := t.Context()
	var p parameterStore = emulator.NewMemoryParameters()
	put := func(name, value string, overwrite bool) (*ssm.PutParameterOutput, error) {
		return p.PutParameter(ctx, &ssm.PutParameterInput{Name: aws.String(name), Value: aws.String(value), Overwrite: aws.Bool(overwrite), Type: ssmtypes.ParameterTypeSecureString})
	}
	if out, err := put("/intake/LLM_API_KEY", "sk-1", false); err != nil || out.Version != 1 {
		t.Fatalf("first put = %v, %v", out, err)
	}
	var exists *ssmtypes.ParameterAlreadyExists
	if _, err := put("/intake/LLM_API_KEY", "sk-2", false); !errors.As(err, &exists) {
		t.Errorf("put without Overwrite = %v, want ParameterAlreadyExists", err)
	}
	if out, err := put("/intake/LLM_API_KEY", "sk-2", true); err != nil || out.Version != 2 {
		t.Errorf("overwrite = %v, %v", out, err)
	}
	got, err := p.GetParameter(ctx, &ssm.GetParameterInput{Name: aws.String("/intake/LLM_API_KEY"), WithDecryption: aws.Bool(true)})
	if err != nil || aws.ToString(got.Parameter.Value) != "sk-2" || got.Parameter.Version != 2 || got.Parameter.Type != ssmtypes.ParameterTypeSecureString {
		t.Errorf("get = %+v, %v", got, err)
	}
	var missing *ssmtypes.ParameterNotFound
	if _, err := p.GetParameter(ctx, &ssm.GetParameterInput{Name: aws.String("/nope")}); !errors.As(err, &missing) {
		t.Errorf("get missing = %v, want ParameterNotFound", err)
	}

	for _, name := range []string{"/intake/A", "/intake/B", "/intake/sub/C", "/other/D"} {
		if _, err := put(name, "v", false); err != nil {
			t.Fatal(err)
		}
	}
	names := func(recursive bool, max int32) []string {
		var out []string
		in := &ssm.GetParametersByPathInput{Path: aws.String("/intake"), Recursive: aws.Bool(recursive), MaxResults: aws.Int32(max)}
		for {
			page, err := p.GetParametersByPath(ctx, in)
			if err != nil {
				t.Fatal(err)
			}
			for _, param := range page.Parameters {
				out = append(out, aws.ToString(param.Name))
			}
			if page.NextToken == nil {
				return out
			}
			in.NextToken = page.NextToken
		}
	}
	if got := names(false, 10); len(got) != 3 || got[0] != "/intake/A" || got[2] != "/intake/LLM_API_KEY" {
		t.Errorf("one level = %v", got)
	}
	if got := names(true, 1); len(got) != 4 || got[3] != "/intake/sub/C" {
		t.Errorf("recursive, pages of 1 = %v", got)
	}
	if _, err := p.GetParametersByPath(ctx, &ssm.GetParametersByPathInput{Path: aws.String("intake")}); err == nil {
		t.Error("a path without / was accepted")
	}
	if _, err := p.GetParametersByPath(ctx, &ssm.GetParametersByPathInput{Path: aws.String("/intake"), MaxResults: aws.Int32(11)}); err == nil {
		t.Error("MaxResults 11 was accepted")
	}
}

// The emulator's store serves the path `serve` and `sync` read under
// PARAMETER_PREFIX, so the configuration loader runs against it unchanged.
func TestMemoryParametersServeTheConfiguration(t *testing.T) {
	ctx := t.Context()
	store := emulator.NewMemoryParameters()
	for name, value := range map[string]string{"/intake/dev/CRM_PIPELINE": "p-dev", "/intake/dev/crm/CRM_OWNER_ID": "o-dev", "/other/CRM_PIPELINE": "no"} {
		if _, err := store.PutParameter(ctx, &ssm.PutParameterInput{Name: aws.String(name), Value: aws.String(value), Type: ssmtypes.ParameterTypeSecureString}); err != nil {
			t.Fatal(err)
		}
	}
	vars := map[string]string{"PARAMETER_PREFIX": "/intake/dev"}
	lookup, err := config.WithParameterStore(ctx, func(name string) (string, bool) { v, ok := vars[name]; return v, ok }, store)
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(lookup)
	if err != nil || cfg.CRM.Pipeline != "p-dev" || cfg.CRM.OwnerID != "o-dev" {
		t.Errorf("config from the emulator's store: pipeline %q owner %q (%v), want p-dev and o-dev", cfg.CRM.Pipeline, cfg.CRM.OwnerID, err)
	}
}
