package emulator

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/ssm"
	ssmtypes "github.com/aws/aws-sdk-go-v2/service/ssm/types"
)

// MemoryParameters is the simulated context's parameter store. It answers the
// SSM calls a configuration loader makes (GetParameter, GetParametersByPath,
// PutParameter) with SSM's rules and error types, so code written against a
// one-call interface over the SSM client runs against it unchanged. Values
// are held in memory, SecureStrings in clear: the emulator has no KMS. It is
// safe for concurrent use.
type MemoryParameters struct {
	now func() time.Time

	mu     sync.Mutex
	params map[string]ssmtypes.Parameter
}

// NewMemoryParameters returns an empty parameter store.
func NewMemoryParameters() *MemoryParameters {
	return &MemoryParameters{now: time.Now, params: map[string]ssmtypes.Parameter{}}
}

// maxByPath is SSM's page size limit for GetParametersByPath.
const maxByPath = 10

// GetParameter answers ssm.GetParameter; an unknown name is
// *ssmtypes.ParameterNotFound.
func (p *MemoryParameters) GetParameter(ctx context.Context, in *ssm.GetParameterInput, _ ...func(*ssm.Options)) (*ssm.GetParameterOutput, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	name := aws.ToString(in.Name)
	p.mu.Lock()
	defer p.mu.Unlock()
	param, ok := p.params[name]
	if !ok {
		return nil, &ssmtypes.ParameterNotFound{Message: aws.String("parameter " + name + " not found")}
	}
	return &ssm.GetParameterOutput{Parameter: copyParameter(param)}, nil
}

// GetParametersByPath answers ssm.GetParametersByPath: the parameters one
// level under Path (every level with Recursive), in name order, at most
// MaxResults (1-10, default 10) per page, continued with NextToken.
func (p *MemoryParameters) GetParametersByPath(ctx context.Context, in *ssm.GetParametersByPathInput, _ ...func(*ssm.Options)) (*ssm.GetParametersByPathOutput, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	path := aws.ToString(in.Path)
	if !strings.HasPrefix(path, "/") {
		return nil, &ssmtypes.ValidationException{Message: aws.String("path must begin with /")}
	}
	prefix := strings.TrimSuffix(path, "/") + "/"
	limit := aws.ToInt32(in.MaxResults)
	if limit == 0 {
		limit = maxByPath
	}
	if limit < 1 || limit > maxByPath {
		return nil, &ssmtypes.ValidationException{Message: aws.String("MaxResults must be between 1 and 10")}
	}
	start := 0
	if tok := aws.ToString(in.NextToken); tok != "" {
		n, err := strconv.Atoi(tok)
		if err != nil || n < 0 {
			return nil, &ssmtypes.InvalidNextToken{Message: aws.String("invalid NextToken")}
		}
		start = n
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	var names []string
	for _, name := range slices.Sorted(maps.Keys(p.params)) {
		rest, ok := strings.CutPrefix(name, prefix)
		if ok && (aws.ToBool(in.Recursive) || !strings.Contains(rest, "/")) {
			names = append(names, name)
		}
	}
	out := &ssm.GetParametersByPathOutput{}
	for i := start; i < len(names) && len(out.Parameters) < int(limit); i++ {
		out.Parameters = append(out.Parameters, *copyParameter(p.params[names[i]]))
	}
	if next := start + len(out.Parameters); next < len(names) {
		out.NextToken = aws.String(strconv.Itoa(next))
	}
	return out, nil
}

// PutParameter answers ssm.PutParameter: a new name starts at version 1; an
// existing one needs Overwrite (else *ssmtypes.ParameterAlreadyExists) and
// gets the next version.
func (p *MemoryParameters) PutParameter(ctx context.Context, in *ssm.PutParameterInput, _ ...func(*ssm.Options)) (*ssm.PutParameterOutput, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	name, value := aws.ToString(in.Name), aws.ToString(in.Value)
	if name == "" || value == "" {
		return nil, &ssmtypes.ValidationException{Message: aws.String("Name and Value are required")}
	}
	typ := in.Type
	if typ == "" {
		typ = ssmtypes.ParameterTypeString
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	old, exists := p.params[name]
	if exists && !aws.ToBool(in.Overwrite) {
		return nil, &ssmtypes.ParameterAlreadyExists{Message: aws.String(fmt.Sprintf("parameter %s already exists", name))}
	}
	now := p.now().UTC()
	p.params[name] = ssmtypes.Parameter{
		Name:             aws.String(name),
		Value:            aws.String(value),
		Type:             typ,
		Version:          old.Version + 1,
		DataType:         aws.String("text"),
		LastModifiedDate: &now,
	}
	return &ssm.PutParameterOutput{Version: old.Version + 1, Tier: ssmtypes.ParameterTierStandard}, nil
}

// copyParameter returns a parameter that shares no pointer with the store.
func copyParameter(p ssmtypes.Parameter) *ssmtypes.Parameter {
	c := ssmtypes.Parameter{
		Name:     aws.String(aws.ToString(p.Name)),
		Value:    aws.String(aws.ToString(p.Value)),
		Type:     p.Type,
		Version:  p.Version,
		DataType: aws.String(aws.ToString(p.DataType)),
	}
	if p.LastModifiedDate != nil {
		t := *p.LastModifiedDate
		c.LastModifiedDate = &t
	}
	return &c
}
