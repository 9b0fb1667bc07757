// Package testservers starts the npm test servers that stand in for AWS
// services in tests: dynalite for DynamoDB, local-aws-sqs for SQS and
// aws-ses-v2-local for SES.
//
// The servers are real programs installed by `make test` (which runs
// `npm ci --prefix tools/testservers`) into tools/testservers/node_modules,
// never vendored. Each starter picks a free port on 127.0.0.1, runs the server
// in its own process group, waits until it accepts connections and registers a
// t.Cleanup that stops the whole group and waits for it, so no process or
// goroutine outlives the test that started it.
//
// When node or the packages are missing, a test is skipped with a message that
// says how to install them; when the environment variable CI is set, it fails
// instead, because CI must run these tests.
//
// Adding a server is one small function calling Start with a Server value
// (see dynalite.go). The package is test support only: production code must
// not import it. It runs on Unix systems (process groups).
package testservers
