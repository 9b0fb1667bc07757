package runtime

import (
	"fmt"

	"github.com/asynkron/protoactor-go/actor"
	otelprometheus "go.opentelemetry.io/otel/exporters/prometheus"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
)

// actorMetrics is the actor system's option that turns on protoactor's own
// metrics (protoactor_actor_*, protoactor_future_*, protoactor_deadletter_*,
// and the cluster's when the node joins one) and exports them through an
// OpenTelemetry meter provider into our registry, so /metrics serves them
// with ours and no second listener opens.
//
// protoactor also makes that provider OpenTelemetry's global one: only its
// own instruments use it in this process.
func (m *Metrics) actorMetrics() (actor.ConfigOption, error) {
	exporter, err := otelprometheus.New(
		otelprometheus.WithRegisterer(m.registry),
		otelprometheus.WithoutTargetInfo(),
		otelprometheus.WithoutScopeInfo(),
	)
	if err != nil {
		return nil, fmt.Errorf("protoactor metrics: %w", err)
	}
	provider := sdkmetric.NewMeterProvider(sdkmetric.WithReader(exporter))
	return func(c *actor.Config) {
		c.MetricsProvider = provider
		c.MetricsEnabled = true
	}, nil
}
