package config

import (
	"context"
	"fmt"
	"path"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/ssm"
)

// Configuration may also live in the parameter store, beside the
// environment: with PARAMETER_PREFIX set, `serve` and
// `sync` read every parameter under that path, SecureStrings decrypted, each
// named by the last element of its name (/intake/prod/CRM_ACCESS_TOKEN is
// CRM_ACCESS_TOKEN). The environment wins over the store, so one variable
// can be overridden on a single host without touching the shared path.

// ParameterStore is the one SSM call the loader makes; *ssm.Client and the
// emulator's MemoryParameters implement it.
type ParameterStore interface {
	GetParametersByPath(ctx context.Context, in *ssm.GetParametersByPathInput, opts ...func(*ssm.Options)) (*ssm.GetParametersByPathOutput, error)
}

// ParameterPrefix is PARAMETER_PREFIX ("" when unset): the path under which
// the configuration's parameters live, e.g. /intake/prod.
func ParameterPrefix(lookup LookupFunc) string {
	var c Config
	r := reader{lookup: lookup}
	r.readInto(&c)
	return c.ParameterPrefix
}

// ParameterRegion is the region of the parameter store: AWS_REGION, or the
// table's default region.
func ParameterRegion(lookup LookupFunc) string {
	var c Config
	c.setDefaults()
	r := reader{lookup: lookup}
	r.readInto(&c)
	return c.Table.Region
}

// Parameters reads every parameter under prefix, at any depth, decrypted,
// keyed by the last element of its name. A parameter whose last element is
// not a variable name (letters, digits, _) is an error: it could only be a
// typo, and a silently ignored setting is worse than a refused start.
func Parameters(ctx context.Context, store ParameterStore, prefix string) (map[string]string, error) {
	if !strings.HasPrefix(prefix, "/") {
		return nil, &Error{Var: "PARAMETER_PREFIX", Problem: fmt.Sprintf("%q must start with /", prefix)}
	}
	out := map[string]string{}
	in := &ssm.GetParametersByPathInput{Path: aws.String(prefix), Recursive: aws.Bool(true), WithDecryption: aws.Bool(true)}
	for {
		page, err := store.GetParametersByPath(ctx, in)
		if err != nil {
			return nil, fmt.Errorf("config: parameters under %s: %w", prefix, err)
		}
		for _, p := range page.Parameters {
			name := path.Base(aws.ToString(p.Name))
			if !VariableName(name) {
				return nil, &Error{Var: "PARAMETER_PREFIX", Problem: fmt.Sprintf("parameter %s does not end in a variable name", aws.ToString(p.Name))}
			}
			out[name] = aws.ToString(p.Value)
		}
		if aws.ToString(page.NextToken) == "" {
			return out, nil
		}
		in.NextToken = page.NextToken
	}
}

// WithParameterStore is lookup with the parameters under PARAMETER_PREFIX
// as a fallback, the environment winning; lookup itself when the prefix is
// unset (store is then not called, and may be nil).
func WithParameterStore(ctx context.Context, lookup LookupFunc, store ParameterStore) (LookupFunc, error) {
	prefix := ParameterPrefix(lookup)
	if prefix == "" {
		return lookup, nil
	}
	params, err := Parameters(ctx, store, prefix)
	if err != nil {
		return nil, err
	}
	return WithFallback(lookup, params), nil
}

// VariableName reports a name made of letters, digits and underscores: what
// a parameter's last path element must be.
func VariableName(name string) bool {
	if name == "" {
		return false
	}
	for _, r := range name {
		if !(r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}
