package runtime

import (
	"context"
	"net/http"
	"time"

	awsmiddleware "github.com/aws/aws-sdk-go-v2/aws/middleware"
	"github.com/aws/smithy-go/middleware"

	"github.com/intake-runtime/intake/runtime/config"
)

// Each call to an outside system is timed in one place per transport: the
// HTTP clients of the model, the messaging platform, the CRM and the ERP
// share the outbound pool through measuredHTTP, and the AWS SDK clients
// (DynamoDB, SQS, SES) carry awsCalls in their middleware stack. Nothing
// is timed in the adapters themselves, so no call escapes and none counts
// twice.

// measuredHTTP is the outbound pool's client, timing each request to
// system into m (a nil m measures nothing and returns the pool's client).
// Every attempt counts: a retried call shows as its failures and its
// success.
func (m *Metrics) measuredHTTP(cfg config.Config, system string) *http.Client {
	pool := outboundHTTP(cfg)
	if m == nil {
		return pool
	}
	measured := *pool
	measured.Transport = timedTransport{next: pool.Transport, system: system, metrics: m}
	return &measured
}

// timedTransport times each round trip: an answer below 400 is "ok";
// a transport failure or an error status (a 429 or 503 included) is
// "error".
type timedTransport struct {
	next    http.RoundTripper
	system  string
	metrics *Metrics
}

func (t timedTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	start := time.Now()
	res, err := t.next.RoundTrip(req)
	t.metrics.ExternalCall(t.system, err == nil && res.StatusCode < http.StatusBadRequest, time.Since(start))
	return res, err
}

// CloseIdleConnections lets http.Client.CloseIdleConnections reach the
// pool.
func (t timedTransport) CloseIdleConnections() {
	if c, ok := t.next.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}

// awsCalls is the AWS SDK middleware that times each operation, retries
// included, by the service the SDK names in the context.
func (m *Metrics) awsCalls(stack *middleware.Stack) error {
	return stack.Initialize.Add(middleware.InitializeMiddlewareFunc("intake-metrics",
		func(ctx context.Context, in middleware.InitializeInput, next middleware.InitializeHandler) (middleware.InitializeOutput, middleware.Metadata, error) {
			start := time.Now()
			out, meta, err := next.HandleInitialize(ctx, in)
			m.ExternalCall(awsSystem(awsmiddleware.GetServiceID(ctx)), err == nil, time.Since(start))
			return out, meta, err
		}), middleware.After)
}

// awsSystem maps the SDK's service IDs onto the metric's systems.
func awsSystem(serviceID string) string {
	switch serviceID {
	case "DynamoDB":
		return SystemDynamoDB
	case "SQS":
		return SystemSQS
	case "SESv2", "SES":
		return SystemSES
	}
	return "other"
}
