package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"strconv"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/runtime"
	"github.com/intake-runtime/intake/runtime/config"
	"github.com/intake-runtime/intake/runtime/logging"
)

// runServe runs the service: the webhook, the queue consumer and the sync
// schedule over the DynamoDB table, until SIGINT or SIGTERM. Every line it
// writes is JSON: its own log, and what libraries print (logging.Capture).
func runServe(ctx context.Context, c cli, args []string) int {
	fs := flagSet("serve",
		"Run the service: the webhook, the queue consumers and the sync schedule, listening on\n"+
			"0.0.0.0:PORT (default 8080) with the DynamoDB table TABLE_NAME.\n"+
			"It refuses to start unsafe (exit 2, listing every problem): it needs a language model\n"+
			"(LLM_API_KEY, or LLM_PROVIDER=demo or replay on purpose), MESSAGING_APP_SECRET (or\n"+
			"WEBHOOK_ALLOW_UNSIGNED=true) and the credentials of every enabled adapter. The table\n"+
			"must exist: create it with `intake table create`.")
	if code, ok := c.parse(fs, args, false); !ok {
		return code
	}
	cfg, ok := c.loadConfigFrom(ctx, c.lookup, c.parameters, config.ServeNeeds)
	if !ok {
		return exitUsage
	}
	logger, _, err := logging.New(logging.Options{Format: logging.JSON, Level: cfg.Log.Level, Output: c.stderr})
	if err != nil {
		fmt.Fprintf(c.stderr, "intake serve: %v\n", err)
		return exitFailure
	}
	defer func() { _ = logger.Sync() }()
	// Only when serve owns the process's stdout: a test running serve in
	// this process with its own writers leaves the process's streams alone.
	if c.stdout == os.Stdout {
		release, err := logging.Capture(logger)
		if err != nil {
			logger.Error("cannot capture the standard output", zap.Error(err))
			return exitFailure
		}
		defer release()
	}
	app, err := runtime.New(ctx, cfg, logger, runtime.Options{Version: version})
	if err != nil {
		logger.Error("cannot start", zap.Error(err))
		return exitFailure
	}
	ln, err := net.Listen("tcp", net.JoinHostPort("0.0.0.0", strconv.Itoa(cfg.HTTP.Port)))
	if err != nil {
		_ = app.Close()
		logger.Error("cannot listen", zap.Int("port", cfg.HTTP.Port), zap.Error(err))
		return exitFailure
	}
	logger.Info("serving", zap.String("addr", ln.Addr().String()), zap.String("model", runtime.ModelName(cfg)), zap.String("table", cfg.Table.Name))
	if err := app.Run(ctx, ln); err != nil {
		logger.Error("stopped with an error", zap.Error(err))
		return exitFailure
	}
	return exitOK
}
