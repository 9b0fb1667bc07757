// Package outbound owns the HTTP transport that Intake's outbound clients
// share: the language model (go-openai), the messaging platform, the CRM and
// the ERP; the AWS SDK's DynamoDB, SQS and SES clients keep transports of
// their own, tuned the same way (Tune). One tuned *http.Transport per process keeps a pool of connections
// to each provider host sized to the expected concurrency
// (HTTP_MAX_IDLE_PER_HOST, default 256), with TCP keep-alive, HTTP/2 where the
// provider offers it, and dial and TLS-handshake timeouts. Without it each
// client would sit on net/http's default transport, which keeps two idle
// connections per host (the AWS SDK's, ten): under load most calls then open
// a new connection (in production, a TLS handshake).
//
// The transport bounds connection setup only. How long a call may take is
// each client's own per-call context, so a slow model call and a quick
// messaging send share the pool without sharing a deadline.
//
// runtime passes Client(cfg) to every client it builds; a client configured
// without an *http.Client falls back to Client(Config{}), the same shared
// pool at the default sizes, never to http.DefaultTransport.
//
// It imports nothing of Intake.
package outbound
