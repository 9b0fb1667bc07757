package runtime

import (
	"encoding/pem"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	smithylogging "github.com/aws/smithy-go/logging"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/intake-runtime/intake/persistence/dynamo"
	"github.com/intake-runtime/intake/runtime/config"
)

// Every outbound adapter gets a client on one transport, sized by
// HTTP_MAX_IDLE_PER_HOST.
func TestOutboundClientsShareOneTransport(t *testing.T) {
	cfg := config.Config{Outbound: config.Outbound{MaxIdlePerHost: 48}}
	model, messaging := outboundHTTP(cfg), outboundHTTP(cfg)
	tr, ok := model.Transport.(*http.Transport)
	if !ok || messaging.Transport != model.Transport {
		t.Fatalf("transports %T %p and %p: want one *http.Transport", model.Transport, model.Transport, messaging.Transport)
	}
	if tr.MaxIdleConnsPerHost != 48 || model.Timeout != 0 {
		t.Errorf("idle connections per host %d, client timeout %v; want 48 and none (per-call contexts bound calls)",
			tr.MaxIdleConnsPerHost, model.Timeout)
	}
}

// The AWS clients' pools are sized by HTTP_MAX_IDLE_PER_HOST too, on the
// SDK's own transport, which keeps a custom AWS_CA_BUNDLE working, and they
// log through the process's logger.
func TestTableClientIsConfiguredAsTheProcesssOwn(t *testing.T) {
	tlsServer := httptest.NewTLSServer(http.NotFoundHandler())
	defer tlsServer.Close()
	bundle := filepath.Join(t.TempDir(), "ca.pem")
	pemCert := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: tlsServer.Certificate().Raw})
	if err := os.WriteFile(bundle, pemCert, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("AWS_CA_BUNDLE", bundle)
	t.Setenv("AWS_ACCESS_KEY_ID", "x")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "x")
	cfg := config.Config{Outbound: config.Outbound{MaxIdlePerHost: 48}, Table: config.Table{Name: "intake", Region: "us-east-1", Endpoint: "http://127.0.0.1:1"}}
	core, logs := observer.New(zapcore.WarnLevel)
	client, err := dynamo.NewClient(t.Context(), cfg.Table.Region, cfg.Table.Endpoint, awsClient(cfg, nil, zap.New(core)))
	if err != nil {
		t.Fatal(err)
	}
	buildable, ok := client.Options().HTTPClient.(*awshttp.BuildableClient)
	if !ok {
		t.Fatalf("HTTP client %T, want the SDK's buildable client", client.Options().HTTPClient)
	}
	if got := buildable.GetTransport().MaxIdleConnsPerHost; got != 48 {
		t.Errorf("idle connections per host %d, want 48", got)
	}
	client.Options().Logger.Logf(smithylogging.Warn, "response did not match expected checksum")
	if warned := logs.FilterLoggerName("aws").FilterMessage("response did not match expected checksum").Len(); warned != 1 {
		t.Errorf("the SDK's warning reached the process's logger %d times, want once: %v", warned, logs.All())
	}
}
