package testservers

import (
	"strconv"
	"testing"
)

// sqs is local-aws-sqs, started by tools/testservers/sqs.js because the
// package is a library without a command.
var sqs = Server{
	Name:    "local-aws-sqs",
	Package: "local-aws-sqs",
	Script:  "sqs.js",
	Args: func(port int) []string {
		return []string{"--host", "127.0.0.1", "--port", strconv.Itoa(port)}
	},
}

// SQS starts a local-aws-sqs server for the test and returns its endpoint,
// for sqs.Options.BaseEndpoint. Queue URLs it returns use the same host.
func SQS(t testing.TB) string {
	t.Helper()
	return Start(t, sqs)
}
