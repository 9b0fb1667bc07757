package testservers

import (
	"strconv"
	"testing"
)

// dynalite is the DynamoDB-protocol server, in-memory (no --path). Tables
// become ACTIVE after 20ms instead of 500ms, so a test that creates a table per
// case stays fast while the CREATING state is still observable. It lacks
// TransactWriteItems and UpdateTimeToLive.
var dynalite = Server{
	Name:    "dynalite",
	Package: "dynalite",
	Script:  "node_modules/dynalite/cli.js",
	Args: func(port int) []string {
		return []string{
			"--host", "127.0.0.1", "--port", strconv.Itoa(port),
			"--createTableMs", "20", "--deleteTableMs", "20", "--updateTableMs", "20",
		}
	},
}

// Dynalite starts a dynalite server for the test and returns its endpoint,
// for dynamodb.Options.BaseEndpoint. Any region and static credentials work.
func Dynalite(t testing.TB) string {
	t.Helper()
	return Start(t, dynalite)
}
