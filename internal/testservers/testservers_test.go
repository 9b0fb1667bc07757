package testservers_test

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/internal/testservers"
)

func TestMain(m *testing.M) { testservers.Main(m) }

// dynamoDBProbe lists the tables, the lightest request DynamoDB Local answers.
func dynamoDBProbe(e string) (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodPost, e, strings.NewReader("{}"))
	req.Header.Set("Content-Type", "application/x-amz-json-1.0")
	req.Header.Set("X-Amz-Target", "DynamoDB_20120810.ListTables")
	return http.DefaultClient.Do(req)
}

func TestServers(t *testing.T) {
	tests := []struct {
		name  string
		start func(testing.TB) string
		// probe sends a request that the server must answer.
		probe func(endpoint string) (*http.Response, error)
	}{
		{"dynamodb-local", testservers.DynamoDBLocal, dynamoDBProbe},
		{"sqs", testservers.SQS, func(e string) (*http.Response, error) {
			req, _ := http.NewRequest(http.MethodPost, e, strings.NewReader("{}"))
			req.Header.Set("Content-Type", "application/x-amz-json-1.0")
			req.Header.Set("X-Amz-Target", "AmazonSQS.ListQueues")
			return http.DefaultClient.Do(req)
		}},
		{"ses", testservers.SES, func(e string) (*http.Response, error) {
			return http.Get(e + "/store")
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var endpoint string
			// The server lives as long as the subtest that starts it.
			t.Run("running", func(t *testing.T) {
				endpoint = tc.start(t)
				u, err := url.Parse(endpoint)
				if err != nil || u.Hostname() != "127.0.0.1" {
					t.Fatalf("endpoint %q; want http://127.0.0.1:<port>", endpoint)
				}
				resp, err := tc.probe(endpoint)
				if err != nil {
					t.Fatalf("request to %s: %v", endpoint, err)
				}
				resp.Body.Close()
				if resp.StatusCode >= 500 {
					t.Fatalf("request to %s: status %s", endpoint, resp.Status)
				}
			})
			if endpoint == "" {
				return // skipped: not installed
			}
			host := strings.TrimPrefix(endpoint, "http://")
			if conn, err := net.DialTimeout("tcp", host, time.Second); err == nil {
				conn.Close()
				t.Fatalf("%s still accepts connections after its test ended", endpoint)
			}
		})
	}
}

// recorder stands in for the test handed to Start, to observe skips and failures.
type recorder struct {
	testing.TB
	skipped, failed string
}

func (r *recorder) Helper()                   {}
func (r *recorder) Skip(args ...any)          { r.skipped = fmt.Sprint(args...) }
func (r *recorder) Fatal(args ...any)         { r.failed = fmt.Sprint(args...) }
func (r *recorder) Fatalf(f string, a ...any) { r.failed = fmt.Sprintf(f, a...) }

func TestMissingPackage(t *testing.T) {
	missing := testservers.Server{
		Name:    "nothing",
		Package: "no-such-package",
		Script:  "node_modules/no-such-package/cli.js",
		Args:    func(int) []string { return nil },
	}
	for _, ci := range []string{"", "true"} {
		t.Run("CI="+ci, func(t *testing.T) {
			t.Setenv("CI", ci)
			r := &recorder{TB: t}
			if got := testservers.Start(r, missing); got != "" {
				t.Fatalf("Start = %q; want no endpoint", got)
			}
			msg := r.skipped
			if ci != "" {
				msg = r.failed
			}
			if msg == "" || !strings.Contains(msg, "npm ci --prefix tools/testservers") || !strings.Contains(msg, "make test") {
				t.Fatalf("skipped %q, failed %q; want a %s naming the install command", r.skipped, r.failed,
					map[bool]string{true: "failure", false: "skip"}[ci != ""])
			}
		})
	}
}

func TestMissingProgram(t *testing.T) {
	t.Setenv("CI", "")
	r := &recorder{TB: t}
	missing := testservers.Server{
		Name:    "nothing",
		Program: "no-such-program",
		Package: "local-aws-sqs",
		Script:  "sqs.js",
		Args:    func(int) []string { return nil },
	}
	if got := testservers.Start(r, missing); got != "" || !strings.Contains(r.skipped, "no-such-program") {
		t.Fatalf("Start = %q, skipped %q, failed %q; want a skip naming the program", got, r.skipped, r.failed)
	}
}

func TestServerThatExitsFails(t *testing.T) {
	// The packages are installed, so Start gets as far as running a file
	// that is no server.
	tests := []testservers.Server{
		{Name: "node crasher", Package: "local-aws-sqs", Script: "node_modules/local-aws-sqs/package.json"},
		{Name: "java crasher", Package: "amplify-dynamodb-simulator", Program: "java",
			Options: func(string) []string { return []string{"-jar"} },
			Script:  "node_modules/amplify-dynamodb-simulator/package.json"},
	}
	for _, crash := range tests {
		t.Run(crash.Name, func(t *testing.T) {
			crash.Args = func(int) []string { return nil }
			r := &recorder{TB: t}
			if got := testservers.Start(r, crash); got != "" || r.failed == "" {
				if r.skipped != "" {
					t.Skip(r.skipped)
				}
				t.Fatalf("Start = %q, failure %q; want a failure", got, r.failed)
			}
			if !strings.Contains(r.failed, "did not start") {
				t.Fatalf("failure %q; want it to say the server did not start", r.failed)
			}
		})
	}
}

func TestSharedServerOutlivesItsFirstTest(t *testing.T) {
	var endpoints []string
	for i := range 2 {
		t.Run(fmt.Sprint("test", i), func(t *testing.T) {
			endpoints = append(endpoints, testservers.SharedDynamoDBLocal(t))
		})
	}
	if endpoints[0] == "" {
		t.Skip("DynamoDB Local is not installed")
	}
	if endpoints[1] != endpoints[0] {
		t.Fatalf("endpoints %q; want one server for both tests", endpoints)
	}
	resp, err := dynamoDBProbe(endpoints[0])
	if err != nil {
		t.Fatalf("shared server after its first test ended: %v", err)
	}
	resp.Body.Close()
}

func TestStopLeavesNoGoroutine(t *testing.T) {
	before := runtime.NumGoroutine()
	started := false
	t.Run("server", func(t *testing.T) {
		testservers.SQS(t) // the quickest to start; stopping is the same for all
		started = true
	})
	if !started {
		t.Skip("local-aws-sqs is not installed")
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines before starting the server, %d after stopping it", before, runtime.NumGoroutine())
		}
		time.Sleep(20 * time.Millisecond)
	}
}
