package testservers

import (
	"fmt"
	"os/exec"
	"testing"
	"time"
)

// Etcd runs Debian's etcd-server (`make etcd` installs it) as a one-member
// etcd on 127.0.0.1, its data in the server's temporary working directory,
// and returns its client endpoint ("127.0.0.1:<port>"), the form the
// cluster's CLUSTER_ETCD_ENDPOINTS takes. It is stopped by a t.Cleanup. It
// skips the test (fails it when CI is set) when etcd is not installed.
func Etcd(t testing.TB) string {
	t.Helper()
	if _, err := exec.LookPath("etcd"); err != nil {
		unavailable(t, "etcd", fmt.Errorf("%w; install it with `make etcd` (apt-get install -y etcd-server)", err))
		return ""
	}
	client, err := freePort()
	if err != nil {
		t.Fatal(err)
	}
	peer, err := freePort()
	if err != nil {
		t.Fatal(err)
	}
	clientURL, peerURL := fmt.Sprintf("http://127.0.0.1:%d", client), fmt.Sprintf("http://127.0.0.1:%d", peer)
	p, err := launch("etcd", []string{
		"--name", "test", "--data-dir", "data",
		"--listen-client-urls", clientURL, "--advertise-client-urls", clientURL,
		"--listen-peer-urls", peerURL, "--initial-advertise-peer-urls", peerURL,
		"--initial-cluster", "test=" + peerURL,
	})
	if err != nil {
		t.Fatalf("testservers: start etcd: %v", err)
	}
	t.Cleanup(func() {
		if err := p.stop(); err != nil {
			t.Errorf("testservers: stop etcd: %v", err)
		}
		if t.Failed() {
			t.Logf("testservers: etcd output:\n%s", p.out.String())
		}
	})
	addr := fmt.Sprintf("127.0.0.1:%d", client)
	if err := p.waitReady(addr, 20*time.Second); err != nil {
		t.Fatalf("testservers: etcd: %v\n%s", err, p.out.String())
	}
	return addr
}
