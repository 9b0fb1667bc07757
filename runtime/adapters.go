package runtime

import (
	"context"
	"fmt"
	"net/http"
	"time"

	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/agent/openai"
	"github.com/intake-runtime/intake/actors/agent/replay"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/internal/httpcall"
	"github.com/intake-runtime/intake/internal/outbound"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/dynamo"
	"github.com/intake-runtime/intake/runtime/config"
)

// OfflineText is what the bot answers when no model is configured: the
// emulator keeps working, and says so, instead of failing every turn.
const OfflineText = "[offline] No language model is configured (set LLM_API_KEY, or LLM_PROVIDER=replay with LLM_REPLAY_FILE). This is the configured fallback reply."

// ModelName describes the model a configuration uses, for banners and logs.
func ModelName(cfg config.Config) string {
	switch {
	case cfg.LLM.Provider == config.ProviderReplay:
		return "replay (" + cfg.LLM.ReplayFile + ")"
	case cfg.LLM.APIKey.Reveal() == "":
		return "offline fallback (no LLM_API_KEY)"
	default:
		return "openai " + cfg.LLM.Model
	}
}

// newModel builds the language model of cfg: the replay model, the OpenAI
// client, or the offline fallback when no key is configured.
func newModel(cfg config.Config, logger *zap.Logger) (agent.Model, error) {
	switch {
	case cfg.LLM.Provider == config.ProviderReplay:
		answers, err := replay.LoadFile(cfg.LLM.ReplayFile)
		if err != nil {
			return nil, fmt.Errorf("LLM_REPLAY_FILE: %w", err)
		}
		return replay.New(answers), nil
	case cfg.LLM.APIKey.Reveal() == "":
		logger.Warn("no language model is configured: every reply is the offline fallback text")
		return agent.NewOffline(OfflineText), nil
	default:
		return openai.New(openai.Config{
			APIKey:          cfg.LLM.APIKey.Reveal(),
			BaseURL:         cfg.LLM.BaseURL,
			Model:           cfg.LLM.Model,
			ReasoningEffort: cfg.LLM.ReasoningEffort,
			Timeout:         cfg.LLM.Timeout,
			MaxRetries:      retries(cfg.LLM.MaxAttempts),
			HTTPClient:      outboundHTTP(cfg),
		}, logger)
	}
}

// newSender builds the outbound messaging adapter: the Cloud API client when
// MESSAGING_CLOUD_ENABLED, else the local stub that records sends.
func newSender(cfg config.Config, logger *zap.Logger) (messaging.Sender, error) {
	if !cfg.Messaging.CloudEnabled {
		return messaging.NewStub(logger, cfg.Stubs.History), nil
	}
	client, err := cloudapi.NewClient(cloudapi.ClientConfig{
		Config: httpcall.Config{
			BaseURL:     cfg.Messaging.APIBaseURL,
			AccessToken: cfg.Messaging.AccessToken.Reveal(),
			MaxRPS:      cfg.Messaging.MaxRPS,
			HTTPClient:  outboundHTTP(cfg),
		},
		Version:       cfg.Messaging.APIVersion,
		PhoneNumberID: cfg.Messaging.PhoneNumberID,
	}, logger)
	if err != nil {
		return nil, fmt.Errorf("MESSAGING_CLOUD_ENABLED=true needs MESSAGING_PHONE_NUMBER_ID and MESSAGING_ACCESS_TOKEN: %w", err)
	}
	return client, nil
}

// newInbound builds the platform side of the webhook routes. It is the
// Cloud API's whether or not replies go to the stub: the emulator and the
// tests post the platform's own envelopes.
func newInbound(cfg config.Config, now func() time.Time) (webhook.Platform, error) {
	return cloudapi.NewWebhook(cloudapi.WebhookConfig{
		ParserConfig: messaging.ParserConfig{Instances: cfg.Messaging.Instances, Now: now},
		AppSecret:    cfg.Messaging.AppSecret.Reveal(),
		VerifyToken:  cfg.Messaging.VerifyToken.Reveal(),
	})
}

// outboundHTTP is the HTTP client of every outbound adapter (model,
// messaging, CRM, ERP): all share the process's one transport, its pool sized
// by HTTP_MAX_IDLE_PER_HOST.
func outboundHTTP(cfg config.Config) *http.Client {
	return outbound.Client(outbound.Config{MaxIdlePerHost: cfg.Outbound.MaxIdlePerHost})
}

// awsHTTP gives an AWS SDK client the outbound pool's size and timeouts: a
// turn makes several table requests, and under load the SDK's own pool (ten
// idle connections per host) would open a connection for most of them. The
// transport stays the SDK's buildable one, which honours AWS_CA_BUNDLE.
func awsHTTP(cfg config.Config) func(*awsconfig.LoadOptions) error {
	return awsconfig.WithHTTPClient(awshttp.NewBuildableClient().WithTransportOptions(func(t *http.Transport) {
		outbound.Tune(t, outbound.Config{MaxIdlePerHost: cfg.Outbound.MaxIdlePerHost})
	}))
}

// newDynamoTable connects to the DynamoDB table of cfg.
func newDynamoTable(ctx context.Context, cfg config.Config) (persistence.Table, error) {
	client, err := dynamo.NewClient(ctx, cfg.Table.Region, cfg.Table.Endpoint, awsHTTP(cfg))
	if err != nil {
		return nil, fmt.Errorf("TABLE_NAME %s: %w", cfg.Table.Name, err)
	}
	return dynamo.New(client, cfg.Table.Name), nil
}

// retries turns LLM_MAX_ATTEMPTS into the model client's MaxRetries, where 0
// means its default and a negative value none.
func retries(attempts int) int {
	if attempts <= 1 {
		return -1
	}
	return attempts - 1
}
