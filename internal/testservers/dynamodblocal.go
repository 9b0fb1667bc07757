package testservers

import (
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// dynamoDBLocal is AWS's DynamoDB Local 1.25.1, the jar that the npm package
// amplify-dynamodb-simulator ships under emulator/, run in memory by Java 17.
// It has no option to choose the address it binds: it listens on every
// interface, at the chosen port; its clients use 127.0.0.1. Each access key
// and region has its own tables (no -sharedDb); tests name their tables
// uniquely. Telemetry is off: tests do not phone home.
var dynamoDBLocal = Server{
	Name:    "DynamoDB Local",
	Package: "amplify-dynamodb-simulator",
	Program: "java",
	Options: func(jar string) []string {
		return []string{"-Djava.library.path=" + filepath.Join(filepath.Dir(jar), "DynamoDBLocal_lib"), "-jar"}
	},
	Script: "node_modules/amplify-dynamodb-simulator/emulator/DynamoDBLocal.jar",
	Args: func(port int) []string {
		return []string{"-inMemory", "-port", strconv.Itoa(port), "-disableTelemetry"}
	},
	// The JVM takes a few seconds to start, more on a loaded CI machine.
	StartTimeout: 60 * time.Second,
}

// DynamoDBLocal starts DynamoDB Local for the test and returns its endpoint
// ("http://127.0.0.1:<port>"), for dynamodb.Options.BaseEndpoint. Any region
// and static credentials work. It supports transactions, TTL and
// ReturnConsumedCapacity. A package whose tests all use one server calls
// SharedDynamoDBLocal instead.
func DynamoDBLocal(t testing.TB) string {
	t.Helper()
	return Start(t, dynamoDBLocal)
}

// SharedDynamoDBLocal returns the endpoint of one DynamoDB Local shared by
// the tests of the binary (see Shared): the JVM's start costs seconds.
func SharedDynamoDBLocal(t testing.TB) string {
	t.Helper()
	return Shared(t, dynamoDBLocal)
}
