package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/emulator"
	"github.com/intake-runtime/intake/runtime"
	"github.com/intake-runtime/intake/runtime/config"
	"github.com/intake-runtime/intake/runtime/logging"
)

// defaultEnvFile is read when it exists and --env-file is not given.
const defaultEnvFile = ".env"

// runEmulator is the spec's local runner: it loads the env file under the
// exported variables, builds the emulator over its simulated cloud context,
// prints the banner and serves on 0.0.0.0:DASHBOARD_PORT until SIGINT or
// SIGTERM cancels ctx, then stops gracefully and exits 0.
func runEmulator(ctx context.Context, c cli, args []string) int {
	flags := flagSet("emulator [--env-file PATH]",
		"Run the local emulator on 0.0.0.0:DASHBOARD_PORT (default 8080) until Ctrl+C.\n"+
			"Variables come from the environment, then from the env file (exported variables win),\n"+
			"and DEV_UI_ENABLED defaults to true. Without LLM_API_KEY the offline demo model answers,\n"+
			"and OPERATOR_PHONES defaults to "+emulator.DevOperator+" (the console shows its login code).\n"+
			"Everything is in memory: restarting loses the table.")
	envFile := flags.String("env-file", "", "env file to load (default: "+defaultEnvFile+" when it exists)")
	if code, ok := c.parse(flags, args, false); !ok {
		return code
	}
	path, vars, err := readEnvFile(*envFile)
	if err != nil {
		fmt.Fprintf(c.stderr, "intake emulator: %v\n", err)
		return exitUsage
	}
	cfg, ok := c.loadConfig(emulator.Lookup(c.lookup, vars))
	if !ok {
		return exitUsage
	}
	logger, ring, err := logging.New(logging.Options{Format: logging.Console, Level: cfg.Log.Level, Output: c.stderr})
	if err != nil {
		fmt.Fprintf(c.stderr, "intake emulator: %v\n", err)
		return exitFailure
	}
	// The dashboard's live logs read the ring.
	logger = runtime.WithLogRing(logger, ring)
	defer func() { _ = logger.Sync() }() // stderr cannot always be synced; nothing to do about it
	banner := emulator.Banner{Config: cfg, EnvFile: path, EnvVars: len(vars), Ignored: emulator.IgnoredOverrides(c.lookup, vars)}
	if err := serveEmulator(ctx, c, banner, logger.Named("emulator")); err != nil {
		logger.Error("emulator failed", zap.Error(err))
		return exitFailure
	}
	return exitOK
}

// readEnvFile reads the env file the flag names, or the default one when it
// exists. It returns the path read ("" for none) and its variables. A file
// named by the flag must exist; a syntax error names the file and line.
func readEnvFile(flagPath string) (string, map[string]string, error) {
	path := flagPath
	if path == "" {
		path = defaultEnvFile
	}
	vars, err := emulator.LoadEnvFile(path)
	switch {
	case err == nil:
		return path, vars, nil
	case flagPath == "" && errors.Is(err, fs.ErrNotExist):
		return "", nil, nil
	case errors.Is(err, fs.ErrNotExist):
		return "", nil, fmt.Errorf("--env-file %s: no such file", flagPath)
	default:
		return "", nil, err
	}
}

// serveEmulator serves the emulator until ctx is done, then stops it
// gracefully.
func serveEmulator(ctx context.Context, c cli, banner emulator.Banner, logger *zap.Logger) error {
	cfg := banner.Config
	emu, err := emulator.New(ctx, cfg, logger)
	if err != nil {
		return err
	}
	ln, err := emulator.Listen(cfg.HTTP.DashboardPort)
	if err != nil {
		return errors.Join(err, emu.Close())
	}
	banner.Addr = ln.Addr()
	if _, err := banner.WriteTo(c.stdout); err != nil {
		logger.Warn("banner not written", zap.Error(err))
	}
	logger.Info("emulator listening",
		zap.String("url", emulator.URL(ln.Addr())),
		zap.Bool("dev_ui", cfg.DevUI.Enabled),
		zap.String("model", runtime.ModelName(cfg)),
		zap.String("llm_api_key", maskedKey(cfg.LLM.APIKey)),
	)
	return emu.Run(ctx, ln)
}

// maskedKey is the key as logs may show it: at most four characters.
func maskedKey(key config.Secret) string {
	if key.Reveal() == "" {
		return "not set"
	}
	return key.Mask()
}
