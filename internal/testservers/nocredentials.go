package testservers

import (
	"path/filepath"
	"testing"
)

// NoAWSCredentials leaves the AWS SDK's default credential chain, which reads
// the process environment and the shared files, nothing to find, as on a
// developer's machine without an AWS account. t.Setenv restores the
// environment after the test (and forbids t.Parallel).
func NoAWSCredentials(t testing.TB) {
	t.Helper()
	nowhere := filepath.Join(t.TempDir(), "none")
	for _, name := range []string{"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE"} {
		t.Setenv(name, "")
	}
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", nowhere)
	t.Setenv("AWS_CONFIG_FILE", nowhere)
}
