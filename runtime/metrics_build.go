package runtime

import (
	"runtime/debug"

	"github.com/prometheus/client_golang/prometheus"
)

// registerBuildInfo adds intake_build_info, always 1: its labels say which
// binary answers, so a dashboard can mark a deploy and an alert can tell two
// versions running side by side. version is the binary's own (the -X
// main.version the Makefile sets); empty, the module's version from the
// build information stands in.
func (m *Metrics) registerBuildInfo(version string) {
	revision, goVersion := "unknown", "unknown"
	if info, ok := debug.ReadBuildInfo(); ok {
		goVersion = info.GoVersion
		if version == "" {
			version = info.Main.Version
		}
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" {
				revision = s.Value
			}
		}
	}
	if version == "" {
		version = "unknown"
	}
	gauge := prometheus.NewGauge(prometheus.GaugeOpts{
		Name:        "intake_build_info",
		Help:        "Always 1; the labels name the running binary: version, VCS revision and Go toolchain.",
		ConstLabels: prometheus.Labels{"version": version, "revision": revision, "goversion": goVersion},
	})
	gauge.Set(1)
	m.registry.MustRegister(gauge)
}
