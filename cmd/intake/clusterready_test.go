//go:build linux

package main_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"testing"
	"time"
)

// notJoinedIsNotReady starts a member whose only peer does not exist, so it
// never appears in a topology: it serves /healthz (the process runs) but
// /readyz answers 503 not_joined, and a load balancer keeps it out until it
// has joined.
func (e *crashEnv) notJoinedIsNotReady(t *testing.T) {
	r := e.prepareRun(t, "cluster-alone")
	env := r.environment()
	free := freeCrashPorts(t, 4)
	port := free[0]
	env["PORT"] = strconv.Itoa(port)
	env["CLUSTER_ENABLED"] = "true"
	env["CLUSTER_NAME"] = "cluster-alone"
	env["CLUSTER_HOST"] = "127.0.0.1"
	env["CLUSTER_PORT"] = strconv.Itoa(free[1])
	env["CLUSTER_AUTOMANAGED_PORT"] = strconv.Itoa(free[2])
	env["CLUSTER_PEERS"] = "127.0.0.1:" + strconv.Itoa(free[3]) // nobody answers there
	node := startServe(t, e.bin, env, port, r.logDir)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := node.waitHealthy(ctx, 60*time.Second); err != nil {
		t.Fatal(err)
	}
	status, code := readyz(t, r.client, port)
	if status != http.StatusServiceUnavailable || code != "not_joined" {
		t.Errorf("/readyz of a member outside every topology = %d %q, want 503 not_joined", status, code)
	}
	node.stop()
}

// readyz is a node's GET /readyz: the status and the error code, if any.
func readyz(t *testing.T, client *http.Client, port int) (int, string) {
	t.Helper()
	res, err := client.Get(fmt.Sprintf("http://127.0.0.1:%d/readyz", port))
	if err != nil {
		t.Fatalf("GET /readyz: %v", err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	var answer struct {
		Error struct{ Code string } `json:"error"`
	}
	_ = json.Unmarshal(body, &answer)
	return res.StatusCode, answer.Error.Code
}
