package openai

import (
	"context"

	goopenai "github.com/sashabaranov/go-openai"
	"go.uber.org/zap"
)

// ResponsesFunc fakes the go-openai client in unit tests.
type ResponsesFunc func(ctx context.Context, req goopenai.CreateResponseRequest) (goopenai.CreateResponseResponse, error)

// CreateResponse calls f.
func (f ResponsesFunc) CreateResponse(ctx context.Context, req goopenai.CreateResponseRequest) (goopenai.CreateResponseResponse, error) {
	return f(ctx, req)
}

// NewWithAPI is New with a fake in place of go-openai.
func NewWithAPI(cfg Config, api ResponsesFunc, logger *zap.Logger) (*Client, error) {
	return newClient(cfg, api, logger)
}
