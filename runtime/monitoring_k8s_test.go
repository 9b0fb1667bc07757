package runtime_test

import (
	"bytes"
	"errors"
	"io"
	"net"
	"os"
	"strconv"
	"testing"

	"gopkg.in/yaml.v3"
)

// The Kubernetes example, from this package's directory.
const (
	deploymentFile = "../deploy/k8s/deployment.yaml"
	serviceFile    = "../deploy/k8s/service.yaml"
)

// TestK8sExampleServesMetricsForScraping checks the example deployment's
// scrape wiring agrees with itself: the pod annotations point Prometheus at
// the port METRICS_ADDR listens on, that port is a named container port,
// the path is /metrics, the address is one the configuration accepts, and
// no Service exposes it beyond the pods.
func TestK8sExampleServesMetricsForScraping(t *testing.T) {
	var deployment struct {
		Spec struct {
			Template struct {
				Metadata struct{ Annotations map[string]string }
				Spec     struct {
					Containers []struct {
						Name  string
						Ports []struct {
							Name          string
							ContainerPort int `yaml:"containerPort"`
						}
						Env []struct{ Name, Value string }
					}
				}
			}
		}
	}
	decodeYAML(t, deploymentFile, func(dec *yaml.Decoder) error { return dec.Decode(&deployment) })
	pod := deployment.Spec.Template
	if len(pod.Spec.Containers) != 1 {
		t.Fatalf("%s: %d containers, want the one intake container", deploymentFile, len(pod.Spec.Containers))
	}
	container := pod.Spec.Containers[0]
	var addr string
	for _, e := range container.Env {
		if e.Name == "METRICS_ADDR" {
			addr = e.Value
		}
	}
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		t.Fatalf("METRICS_ADDR = %q: %v", addr, err)
	}
	load(t, map[string]string{"METRICS_ADDR": addr}) // fails the test if refused
	named := map[string]int{}
	for _, p := range container.Ports {
		named[p.Name] = p.ContainerPort
	}
	annotations := pod.Metadata.Annotations
	for _, check := range []struct{ what, got, want string }{
		{"annotation prometheus.io/scrape", annotations["prometheus.io/scrape"], "true"},
		{"annotation prometheus.io/port", annotations["prometheus.io/port"], port},
		{"annotation prometheus.io/path", annotations["prometheus.io/path"], "/metrics"},
		{"container port named metrics", strconv.Itoa(named["metrics"]), port},
	} {
		if check.got != check.want {
			t.Errorf("%s: %s = %q, want %q (METRICS_ADDR %q)", deploymentFile, check.what, check.got, check.want, addr)
		}
	}

	decodeYAML(t, serviceFile, func(dec *yaml.Decoder) error {
		var service struct {
			Metadata struct{ Name string }
			Spec     struct {
				Ports []struct {
					TargetPort string `yaml:"targetPort"`
				}
			}
		}
		if err := dec.Decode(&service); err != nil {
			return err
		}
		for _, p := range service.Spec.Ports {
			if p.TargetPort == "metrics" || p.TargetPort == port {
				t.Errorf("%s: service %s exposes the metrics port", serviceFile, service.Metadata.Name)
			}
		}
		return nil
	})
}

// decodeYAML runs decode over every document of a YAML file until its end.
func decodeYAML(t *testing.T, path string, decode func(*yaml.Decoder) error) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(raw))
	for {
		err := decode(dec)
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
}
