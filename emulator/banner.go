package emulator

import (
	"fmt"
	"io"
	"net"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/runtime"
	"github.com/intake-runtime/intake/runtime/config"
)

// Banner is what the emulator tells the developer at start: where it
// listens, what it talks to, and which model answers.
type Banner struct {
	// Config is the configuration as loaded, before WithFallbacks, so the
	// banner can say which enabled adapters fell back to their stub.
	Config config.Config
	// Addr is the listener's address.
	Addr net.Addr
	// EnvFile is the env file read ("" when none was found), EnvVars how
	// many variables it defined.
	EnvFile string
	EnvVars int
	// Ignored are the EndpointOverrides that were set and are ignored.
	Ignored []string
}

// WriteTo writes the banner, several aligned lines ending with how to stop.
// It never writes a secret: the model key shows as at most its first four
// characters (config.Secret.Mask).
func (b Banner) WriteTo(w io.Writer) (int64, error) {
	var sb strings.Builder
	cfg := b.Config
	fmt.Fprintf(&sb, "\nIntake emulator\n\n")
	row := func(label, value, note string) {
		fmt.Fprintf(&sb, "  %-10s %s", label, value)
		if note != "" {
			fmt.Fprintf(&sb, "  (%s)", note)
		}
		sb.WriteByte('\n')
	}
	row("URL", URL(b.Addr), "listening on "+listenAddr(b.Addr))
	if cfg.DevUI.Enabled {
		row("Dev UI", "on", "DEV_UI_ENABLED")
	} else {
		row("Dev UI", "off", "DEV_UI_ENABLED=false: development pages answer 404")
	}
	row("Model", ModelLine(cfg), "")
	row("Console", URL(b.Addr)+atendimento.BasePath, consoleLine(cfg))
	row("API key", keyLine(cfg.LLM.APIKey), "LLM_API_KEY")
	if b.EnvFile == "" {
		row("Env file", "none", "exported variables and defaults only")
	} else {
		row("Env file", b.EnvFile, fmt.Sprintf("%d variables; exported variables win", b.EnvVars))
	}
	row("Storage", "in memory: table, queue, mailer, parameter store", "restarting loses all data")
	row("Admin API", adminLine(cfg.Admin.APIKey), "")
	if len(b.Ignored) > 0 {
		row("Ignored", strings.Join(b.Ignored, ", "), "the emulator's table is in memory")
	}
	sb.WriteString("\n  Adapters\n")
	t := tabwriter.NewWriter(&sb, 0, 0, 2, ' ', 0)
	for _, a := range Adapters(cfg) {
		fmt.Fprintf(t, "    %s\t%s=%t\t%s\n", a.Name, a.Flag, a.Enabled, adapterLine(a))
	}
	if err := t.Flush(); err != nil {
		return 0, err
	}
	sb.WriteString("\nPress Ctrl+C to stop.\n\n")
	n, err := io.WriteString(w, sb.String())
	return int64(n), err
}

// ModelLine says which model answers: the configured one, the replay file,
// or the offline demo model (Lookup's choice when no key is set).
func ModelLine(cfg config.Config) string {
	line := runtime.ModelName(cfg)
	if cfg.LLM.Provider == config.ProviderOpenAI && cfg.LLM.BaseURL != "" {
		line += " at " + cfg.LLM.BaseURL
	}
	return line
}

// consoleLine says who can log in to the operator console, and where the
// login code arrives.
func consoleLine(cfg config.Config) string {
	people := append(slices.Clone(cfg.Admin.Phones), cfg.Handoff.OperatorPhones...)
	if len(people) == 0 {
		return "nobody can log in: OPERATOR_PHONES and ADMIN_PHONES are empty (people added in /admin can)"
	}
	where := "the code is shown on the login page: the messaging adapter is the local stub"
	if Adapters(cfg)[0].Live() {
		where = "the code is sent to the number on the messaging platform"
	}
	return "log in as " + strings.Join(people, ", ") + "; " + where
}

func keyLine(key config.Secret) string {
	if key.Reveal() == "" {
		return "not set"
	}
	return key.Mask()
}

func adminLine(key config.Secret) string {
	if key.Reveal() == "" {
		return "closed: set ADMIN_API_KEY to open /admin/api/*"
	}
	return "open with header X-Admin-Key"
}

func adapterLine(a Adapter) string {
	switch {
	case !a.Enabled:
		return "local stub"
	case !a.Live():
		return "local stub: missing " + strings.Join(a.Missing, ", ")
	default:
		return "on: " + a.Target
	}
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// URL is the address a browser on this machine opens for addr.
func URL(addr net.Addr) string {
	if tcp, ok := addr.(*net.TCPAddr); ok {
		return "http://localhost:" + strconv.Itoa(tcp.Port)
	}
	return "http://" + addr.String()
}

// listenAddr shows a wildcard listener as the spec says it: 0.0.0.0:<port>
// (Go reports a dual-stack wildcard as [::]).
func listenAddr(addr net.Addr) string {
	if tcp, ok := addr.(*net.TCPAddr); ok && (tcp.IP == nil || tcp.IP.IsUnspecified()) {
		return "0.0.0.0:" + strconv.Itoa(tcp.Port)
	}
	return addr.String()
}
