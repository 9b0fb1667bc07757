package testservers

import (
	"strconv"
	"testing"
)

// ses is aws-ses-v2-local. Besides the SES v1/v2 API it serves the captured
// e-mails as JSON at GET /store and clears them with POST /clear-store.
var ses = Server{
	Name:    "aws-ses-v2-local",
	Package: "aws-ses-v2-local",
	Script:  "node_modules/aws-ses-v2-local/dist/cli.js",
	Args: func(port int) []string {
		return []string{"--host", "127.0.0.1", "--port", strconv.Itoa(port)}
	},
}

// SES starts an aws-ses-v2-local server for the test and returns its endpoint,
// for sesv2.Options.BaseEndpoint; endpoint+"/store" lists the sent e-mails.
func SES(t testing.TB) string {
	t.Helper()
	return Start(t, ses)
}
