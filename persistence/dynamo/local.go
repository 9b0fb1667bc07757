package dynamo

import (
	"context"
	"net"
	"net/url"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
)

// Loopback reports whether endpoint points to this machine (localhost or a
// loopback address): a local DynamoDB-compatible server, not AWS.
func Loopback(endpoint string) bool {
	u, err := url.Parse(endpoint)
	if err != nil || u.Host == "" {
		return false
	}
	host := u.Hostname()
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// DummyAccessKeyID is the access key of the dummy credentials used against
// a loopback endpoint when the SDK's chain has none. DynamoDB Local keeps
// one database per access key (without -sharedDb), so every run without
// credentials sees the same tables; it accepts only letters and digits in
// an access key.
const DummyAccessKeyID = "intakelocal"

// localCredentials are the chain's credentials when it has any, else the
// dummy ones: the SDK refuses to sign a request without credentials, and a
// local server checks none.
type localCredentials struct {
	chain aws.CredentialsProvider
}

func (p localCredentials) Retrieve(ctx context.Context) (aws.Credentials, error) {
	if p.chain != nil {
		if creds, err := p.chain.Retrieve(ctx); err == nil && creds.HasKeys() {
			return creds, nil
		}
	}
	return aws.Credentials{AccessKeyID: DummyAccessKeyID, SecretAccessKey: "intakelocal", Source: "intake: dummy credentials for a loopback endpoint"}, nil
}
