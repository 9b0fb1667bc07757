package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/intake-runtime/intake/runtime"
	"github.com/intake-runtime/intake/runtime/config"
)

// Exit codes, the same for every command.
const (
	exitOK      = 0
	exitFailure = 1 // the command ran and failed
	exitUsage   = 2 // bad command line or bad configuration: nothing was attempted
)

// cli is what every command receives from main: the standard streams and the
// environment lookup, never the process environment itself.
type cli struct {
	stdout, stderr io.Writer
	lookup         config.LookupFunc
	// parameters layers the parameter store under lookup for serve and sync
	// (runtime.ParameterLookup); nil reads the environment only.
	parameters func(context.Context, config.LookupFunc) (config.LookupFunc, error)
}

// command is one subcommand of the root usage.
type command struct {
	name     string // the first argument that selects it
	synopsis string // how the root usage shows it
	summary  string
	run      func(ctx context.Context, c cli, args []string) int
}

// commands lists the subcommands in the order the usage shows them.
func commands() []command {
	return []command{
		{"emulator", "emulator", "run the local emulator: dashboard and chat on DASHBOARD_PORT (default 8080)", runEmulator},
		{"serve", "serve", "run the service: webhook, queue consumers, sync schedule on PORT (default 8080)", runServe},
		{"sync", "sync", "converge pending CRM projections once (for cron) and exit", runSync},
		{"replay", "replay", "drive recorded conversations through the actors", runReplay},
		{"smoke", "smoke crm|erp", "check the CRM's or the ERP's settings against the real system", runSmoke},
		{"table", "table create", "create the DynamoDB table TABLE_NAME if it is missing", runTable},
		{"version", "version", "print the version and the Go toolchain", runVersion},
	}
}

// run executes one command line and returns the process exit code. SIGINT
// and SIGTERM cancel the command's context, which long-running commands
// treat as a request to stop gracefully.
func run(args []string, stdout, stderr io.Writer, lookup func(string) (string, bool)) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return cli{stdout: stdout, stderr: stderr, lookup: lookup, parameters: runtime.ParameterLookup}.dispatch(ctx, args)
}

func (c cli) dispatch(ctx context.Context, args []string) int {
	if len(args) == 0 {
		usage(c.stderr)
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		usage(c.stdout)
		return exitOK
	}
	for _, cmd := range commands() {
		if cmd.name == args[0] {
			return cmd.run(ctx, c, args[1:])
		}
	}
	fmt.Fprintf(c.stderr, "intake: unknown command %q\n\n", args[0])
	usage(c.stderr)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprint(w, "Usage: intake <command> [flags]\n\nCommands:\n")
	for _, cmd := range commands() {
		fmt.Fprintf(w, "  %-13s %s\n", cmd.synopsis, cmd.summary)
	}
	fmt.Fprint(w, "\nConfiguration comes from environment variables; .env.example lists them with their defaults.\n"+
		"Run 'intake <command> -h' for a command's help.\n")
}

// loadConfig loads the configuration through lookup and checks what the
// command needs of it (config.ServeNeeds, config.SyncNeeds). On failure it
// prints every problem, one a line, each naming its variable, and the caller
// exits with exitUsage.
func (c cli) loadConfig(lookup config.LookupFunc, needs ...config.Need) (config.Config, bool) {
	return c.loadConfigFrom(context.Background(), lookup, nil, needs...)
}

// loadConfigFrom is loadConfig over the parameter store too when
// PARAMETER_PREFIX is set (serve and sync): parameters builds the lookup
// layered over it; nil reads the environment only.
func (c cli) loadConfigFrom(ctx context.Context, lookup config.LookupFunc,
	parameters func(context.Context, config.LookupFunc) (config.LookupFunc, error), needs ...config.Need) (config.Config, bool) {
	if parameters != nil {
		layered, err := parameters(ctx, lookup)
		if err != nil {
			fmt.Fprintf(c.stderr, "intake: invalid configuration:\n%v\n", err)
			return config.Config{}, false
		}
		lookup = layered
	}
	cfg, err := config.Load(lookup, needs...)
	if err != nil {
		fmt.Fprintf(c.stderr, "intake: invalid configuration:\n%v\n", err)
		return config.Config{}, false
	}
	return cfg, true
}
