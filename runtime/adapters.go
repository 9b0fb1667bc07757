package runtime

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/smithy-go/middleware"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/agent/demo"
	"github.com/intake-runtime/intake/actors/agent/openai"
	"github.com/intake-runtime/intake/actors/agent/replay"
	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/internal/httpcall"
	"github.com/intake-runtime/intake/internal/outbound"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/dynamo"
	"github.com/intake-runtime/intake/runtime/config"
	"github.com/intake-runtime/intake/runtime/logging"
)

// DemoModelLabel is how people are told that the demo model answers: the
// banner, the dashboard and the smokes say it in these words.
const DemoModelLabel = "demo model, offline: set LLM_API_KEY for a real one"

// ModelName describes the model a configuration uses, for banners and logs:
// the provider and the model name as configured.
func ModelName(cfg config.Config) string {
	switch {
	case cfg.LLM.Provider == config.ProviderReplay:
		return "replay (" + cfg.LLM.ReplayFile + ")"
	case demoAnswers(cfg):
		return DemoModelLabel
	default:
		return "openai " + cfg.LLM.Model
	}
}

// demoAnswers reports whether the demo model answers under cfg: chosen with
// LLM_PROVIDER=demo, or standing in for openai without a key. `serve` never
// gets the second case (config.ServeNeeds refuses a missing key); the
// emulator sets LLM_PROVIDER=demo itself, and tests get a working model.
func demoAnswers(cfg config.Config) bool {
	return cfg.LLM.Provider == config.ProviderDemo || (cfg.LLM.Provider == config.ProviderOpenAI && cfg.LLM.APIKey.Reveal() == "")
}

// newModel builds the language model of cfg: the replay model, the demo
// model, or the OpenAI client. The demo model reads the catalogue of store.
func newModel(cfg config.Config, store *content.Store, m *Metrics, logger *zap.Logger) (agent.Model, error) {
	switch {
	case cfg.LLM.Provider == config.ProviderReplay:
		answers, err := replay.LoadFile(cfg.LLM.ReplayFile)
		if err != nil {
			return nil, fmt.Errorf("LLM_REPLAY_FILE: %w", err)
		}
		return replay.New(answers), nil
	case demoAnswers(cfg):
		logger.Info("the offline demo model answers: rule-based replies from the service catalogue (set LLM_API_KEY for a real model)")
		return demo.New(store.Catalogue), nil
	default:
		return openai.New(openai.Config{
			APIKey:          cfg.LLM.APIKey.Reveal(),
			BaseURL:         cfg.LLM.BaseURL,
			Model:           cfg.LLM.Model,
			ReasoningEffort: cfg.LLM.ReasoningEffort,
			Timeout:         cfg.LLM.Timeout,
			MaxRetries:      retries(cfg.LLM.MaxAttempts),
			HTTPClient:      m.measuredHTTP(cfg, SystemModel),
		}, logger)
	}
}

// newSender builds the outbound messaging adapter: the Cloud API client when
// MESSAGING_CLOUD_ENABLED, else the local stub that records sends.
func newSender(cfg config.Config, m *Metrics, logger *zap.Logger) (messaging.Sender, error) {
	if !cfg.Messaging.CloudEnabled {
		return messaging.NewStub(logger, cfg.Stubs.History), nil
	}
	client, err := cloudapi.NewClient(cloudapi.ClientConfig{
		Config: httpcall.Config{
			BaseURL:     cfg.Messaging.APIBaseURL,
			AccessToken: cfg.Messaging.AccessToken.Reveal(),
			MaxRPS:      cfg.Messaging.MaxRPS,
			HTTPClient:  m.measuredHTTP(cfg, SystemMessaging),
		},
		Version:       cfg.Messaging.APIVersion,
		PhoneNumberID: cfg.Messaging.PhoneNumberID,
	}, logger)
	if err != nil {
		return nil, fmt.Errorf("MESSAGING_CLOUD_ENABLED=true needs MESSAGING_PHONE_NUMBER_ID and MESSAGING_ACCESS_TOKEN: %w", err)
	}
	return client, nil
}

// newMediaSource builds what fetches customers' files: the Cloud API media
// client when MESSAGING_CLOUD_ENABLED with a token, else the local stub,
// which says it keeps none (the sender itself when it is that stub). Without
// a token only a test's own sender can be running: serve refuses to start
// without one, and the emulator stubs messaging.
func newMediaSource(cfg config.Config, sender messaging.Sender, m *Metrics, logger *zap.Logger) (messaging.MediaSource, error) {
	if !cfg.Messaging.CloudEnabled || cfg.Messaging.AccessToken.Reveal() == "" {
		if src, ok := sender.(messaging.MediaSource); ok {
			return src, nil
		}
		return messaging.NewStub(logger), nil
	}
	client, err := cloudapi.NewMediaClient(cloudapi.MediaConfig{
		BaseURL:     cfg.Messaging.APIBaseURL,
		Version:     cfg.Messaging.APIVersion,
		AccessToken: cfg.Messaging.AccessToken.Reveal(),
		MaxBytes:    int64(cfg.Messaging.MediaMaxBytes),
		HTTPClient:  m.measuredHTTP(cfg, SystemMessaging),
	}, logger)
	if err != nil {
		return nil, fmt.Errorf("MESSAGING_CLOUD_ENABLED=true needs MESSAGING_ACCESS_TOKEN: %w", err)
	}
	return client, nil
}

// newWebhookPlatform builds the platform side of the webhook routes. It is the
// Cloud API's whether or not replies go to the stub: the emulator and the
// tests post the platform's own envelopes.
func newWebhookPlatform(cfg config.Config, now func() time.Time) (webhook.Platform, error) {
	return cloudapi.NewWebhook(cloudapi.WebhookConfig{
		ParserConfig:  messaging.ParserConfig{Instances: cfg.Messaging.Instances, Now: now},
		AppSecret:     cfg.Messaging.AppSecret.Reveal(),
		VerifyToken:   cfg.Messaging.VerifyToken.Reveal(),
		PhoneNumberID: cfg.Messaging.PhoneNumberID,
	})
}

// outboundHTTP is the HTTP client of every outbound adapter (model,
// messaging, CRM, ERP): all share the process's one transport, its pool sized
// by HTTP_MAX_IDLE_PER_HOST.
func outboundHTTP(cfg config.Config) *http.Client {
	return outbound.Client(outbound.Config{MaxIdlePerHost: cfg.Outbound.MaxIdlePerHost})
}

// awsClient configures an AWS SDK client as the process's own clients are.
// It gets the outbound pool's size and timeouts: a turn makes several table
// requests, and under load the SDK's own pool (ten idle connections per host)
// would open a connection for most of them. The transport stays the SDK's
// buildable one, which honours AWS_CA_BUNDLE. And it logs through logger
// (logging.AWS), not on stderr, and its calls are timed into m.
func awsClient(cfg config.Config, m *Metrics, logger *zap.Logger) func(*awsconfig.LoadOptions) error {
	httpClient := awsconfig.WithHTTPClient(awshttp.NewBuildableClient().WithTransportOptions(func(t *http.Transport) {
		outbound.Tune(t, outbound.Config{MaxIdlePerHost: cfg.Outbound.MaxIdlePerHost})
	}))
	sdkLogger := awsconfig.WithLogger(logging.AWS(logger.Named("aws")))
	timed := awsconfig.WithAPIOptions(nil)
	if m != nil {
		timed = awsconfig.WithAPIOptions([]func(*middleware.Stack) error{m.awsCalls})
	}
	return func(o *awsconfig.LoadOptions) error {
		return errors.Join(httpClient(o), sdkLogger(o), timed(o))
	}
}

// newDynamoTable connects to the DynamoDB table of cfg. A table that does
// not exist stops the start with an error naming `intake table create`; one
// that does not answer does not (/readyz reports it until it does). The
// check is the readiness read: one GetItem, the permission serve has anyway.
func newDynamoTable(ctx context.Context, cfg config.Config, m *Metrics, logger *zap.Logger) (persistence.Table, error) {
	client, err := dynamo.NewClient(ctx, cfg.Table.Region, cfg.Table.Endpoint, awsClient(cfg, m, logger))
	if err != nil {
		return nil, fmt.Errorf("TABLE_NAME %s: %w", cfg.Table.Name, err)
	}
	table := dynamo.New(client, cfg.Table.Name)
	checkCtx, cancel := context.WithTimeout(ctx, readyTimeout)
	defer cancel()
	if _, err := table.Get(checkCtx, readyKey); dynamo.MissingTable(err) {
		return nil, dynamo.NoTable(err, cfg.Table.Name)
	}
	return table, nil
}

// retries turns LLM_MAX_ATTEMPTS into the model client's MaxRetries, where 0
// means its default and a negative value none.
func retries(attempts int) int {
	if attempts <= 1 {
		return -1
	}
	return attempts - 1
}
