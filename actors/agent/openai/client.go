package openai

import (
	"context"
	"errors"
	"fmt"
	"time"

	goopenai "github.com/sashabaranov/go-openai"
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/internal/outbound"
	"github.com/intake-runtime/intake/internal/redact"
)

// ErrNoOutput reports a completed call whose response holds no output text
// (a refusal, an incomplete or failed response): nothing to parse.
var ErrNoOutput = errors.New("openai: response has no output text")

// responsesAPI is the one go-openai call Client makes; unit tests fake it.
type responsesAPI interface {
	CreateResponse(ctx context.Context, req goopenai.CreateResponseRequest) (goopenai.CreateResponseResponse, error)
}

// Client is the agent.Model of a Responses API server. It is safe for
// concurrent use.
type Client struct {
	cfg    Config
	api    responsesAPI
	logger *zap.Logger
	// redact cleans every error the client logs or returns: a provider's
	// error may echo the key ("Incorrect API key provided: ..."), and the
	// error ends up in logs, the message log and admin answers.
	redact redact.Redactor
}

var _ agent.Model = (*Client)(nil)

// New validates cfg and returns a Client calling cfg.BaseURL (OpenAI's API
// when empty) with cfg.APIKey through cfg.HTTPClient.
func New(cfg Config, logger *zap.Logger) (*Client, error) {
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = outbound.Client(outbound.Config{})
	}
	clientCfg := goopenai.DefaultConfig(cfg.APIKey)
	if cfg.BaseURL == "" {
		cfg.BaseURL = clientCfg.BaseURL // for the log line
	}
	clientCfg.BaseURL = cfg.BaseURL
	clientCfg.HTTPClient = cfg.HTTPClient
	return newClient(cfg, goopenai.NewClientWithConfig(clientCfg), logger)
}

func newClient(cfg Config, api responsesAPI, logger *zap.Logger) (*Client, error) {
	cfg.setDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if logger == nil {
		logger = zap.NewNop()
	}
	logger = logger.Named("openai")
	logger.Info("model client ready",
		zap.String("base_url", cfg.BaseURL),
		zap.String("model", cfg.Model),
		zap.String("reasoning_effort", cfg.ReasoningEffort),
		zap.Duration("timeout", cfg.Timeout),
		zap.Int("max_retries", cfg.MaxRetries))
	return &Client{cfg: cfg, api: api, logger: logger, redact: redact.New(cfg.APIKey)}, nil
}

// Call sends req as one responses call, retrying transient failures up to
// MaxRetries times with backoff, each attempt bounded by Timeout. It stops at
// once when ctx is done, and does not retry an invalid request
// (agent.ErrBadRequest), a permanent failure (400, 401, ...) or an empty
// answer (ErrNoOutput). LatencyMS covers every attempt and wait. The error's
// text is redacted (internal/redact); errors.Is and errors.As still see the
// provider's error.
func (c *Client) Call(ctx context.Context, req agent.Request) (agent.LLMCallResult, error) {
	res, err := c.call(ctx, req)
	return res, c.redact.Error(err)
}

func (c *Client) call(ctx context.Context, req agent.Request) (agent.LLMCallResult, error) {
	if err := req.Validate(); err != nil {
		return agent.LLMCallResult{}, err
	}
	body := BuildRequest(c.cfg.Model, c.cfg.ReasoningEffort, req)
	start := time.Now()
	for attempt := 0; ; attempt++ {
		resp, err := c.attempt(ctx, body)
		if err == nil {
			return c.result(resp, time.Since(start))
		}
		if ctx.Err() != nil {
			return agent.LLMCallResult{}, fmt.Errorf("openai: %s call abandoned: %w", req.Agent, ctx.Err())
		}
		if !transient(err) || attempt == c.cfg.MaxRetries {
			return agent.LLMCallResult{}, fmt.Errorf("openai: %s call failed after %d attempt(s): %w", req.Agent, attempt+1, err)
		}
		wait := backoff(c.cfg.RetryBackoff, attempt)
		c.logger.Warn("model call failed, retrying",
			zap.String("agent", req.Agent), zap.Int("attempt", attempt+1),
			zap.Duration("wait", wait), zap.Error(c.redact.Error(err)))
		if err := sleep(ctx, wait); err != nil {
			return agent.LLMCallResult{}, fmt.Errorf("openai: %s call abandoned: %w", req.Agent, err)
		}
	}
}

func (c *Client) attempt(ctx context.Context, body goopenai.CreateResponseRequest) (goopenai.CreateResponseResponse, error) {
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	return c.api.CreateResponse(ctx, body)
}

// result reads the answer text and usage of a response.
func (c *Client) result(resp goopenai.CreateResponseResponse, latency time.Duration) (agent.LLMCallResult, error) {
	if resp.Error != nil {
		return agent.LLMCallResult{}, fmt.Errorf("%w: response failed: %s: %s", ErrNoOutput, resp.Error.Code, resp.Error.Message)
	}
	text := outputText(resp)
	if text == "" {
		reason := string(resp.Status)
		if resp.IncompleteDetails != nil {
			reason += " (" + resp.IncompleteDetails.Reason + ")"
		}
		return agent.LLMCallResult{}, fmt.Errorf("%w: status %q", ErrNoOutput, reason)
	}
	res := agent.LLMCallResult{
		RawResponse: text,
		Model:       resp.Model,
		LatencyMS:   latency.Milliseconds(),
	}
	if res.Model == "" {
		res.Model = c.cfg.Model
	}
	if resp.Usage != nil {
		res.TokensInput = resp.Usage.InputTokens
		res.TokensOutput = resp.Usage.OutputTokens
	}
	if ce := c.logger.Check(zap.DebugLevel, "model call done"); ce != nil { // no fields built at INFO
		ce.Write(zap.String("model", res.Model), zap.Int64("latency_ms", res.LatencyMS),
			zap.Int("tokens_input", res.TokensInput), zap.Int("tokens_output", res.TokensOutput))
	}
	return res, nil
}
