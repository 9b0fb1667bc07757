package dynamo_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/internal/testservers"
	"github.com/intake-runtime/intake/persistence/dynamo"
)

func TestLoopback(t *testing.T) {
	for endpoint, want := range map[string]bool{
		"http://127.0.0.1:8000": true, "http://localhost:8000": true, "http://[::1]:8000": true, "http://LOCALHOST": true,
		"https://dynamodb.us-east-1.amazonaws.com": false, "http://10.0.0.5:8000": false, "": false, "localhost:8000": false,
	} {
		if got := dynamo.Loopback(endpoint); got != want {
			t.Errorf("Loopback(%q) = %v, want %v", endpoint, got, want)
		}
	}
}

func TestALoopbackEndpointWithoutCredentialsGetsDummyOnes(t *testing.T) {
	testservers.NoAWSCredentials(t)
	client, err := dynamo.NewClient(t.Context(), "us-east-1", "http://127.0.0.1:8000")
	if err != nil {
		t.Fatal(err)
	}
	creds, err := client.Options().Credentials.Retrieve(t.Context())
	if err != nil || creds.AccessKeyID != dynamo.DummyAccessKeyID {
		t.Fatalf("credentials %q, %v; want the dummy ones", creds.AccessKeyID, err)
	}

	t.Setenv("AWS_ACCESS_KEY_ID", "mine")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "secret")
	client, err = dynamo.NewClient(t.Context(), "us-east-1", "http://localhost:8000")
	if err != nil {
		t.Fatal(err)
	}
	if creds, err := client.Options().Credentials.Retrieve(t.Context()); err != nil || creds.AccessKeyID != "mine" {
		t.Fatalf("credentials %q, %v; want the chain's own", creds.AccessKeyID, err)
	}
}

func TestNoTableNamesTheCommandThatCreatesIt(t *testing.T) {
	missing := &types.ResourceNotFoundException{Message: aws.String("Cannot do operations on a non-existent table")}
	err := dynamo.NoTable(missing, "intake")
	if !strings.Contains(err.Error(), "intake table create") || !errors.Is(err, missing) || !dynamo.MissingTable(err) {
		t.Errorf("NoTable(missing) = %v", err)
	}
	other := errors.New("timeout")
	if got := dynamo.NoTable(other, "intake"); got != other || dynamo.MissingTable(other) {
		t.Errorf("NoTable(other) = %v, want it unchanged", got)
	}
}
