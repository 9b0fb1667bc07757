// Package testservers starts the test servers that stand in for AWS services
// in tests: AWS's DynamoDB Local for DynamoDB (a Java 17 jar shipped in the
// npm package amplify-dynamodb-simulator), local-aws-sqs for SQS and
// aws-ses-v2-local for SES.
//
// The servers are real programs installed by `make test` (which runs
// `npm ci --prefix tools/testservers` and installs Java when missing) into
// tools/testservers/node_modules, never vendored. Each starter picks a free
// port on 127.0.0.1, runs the server in its own process group, waits until it
// accepts connections and registers a t.Cleanup that stops the whole group
// and waits for it, so no process or goroutine outlives the test that started
// it. A server that is slow to start can instead be shared by all the tests
// of a binary (Shared, SharedDynamoDBLocal); the package's TestMain then calls
// Main, which stops it after the last test.
//
// When node, java or the packages are missing, a test is skipped with a
// message that says how to install them; when the environment variable CI is
// set, it fails instead, because CI must run these tests.
//
// Adding a server is one small function calling Start with a Server value
// (see sqs.go, or dynamodblocal.go for a jar). The package is test support
// only: production code must not import it. It runs on Unix systems (process
// groups).
package testservers
