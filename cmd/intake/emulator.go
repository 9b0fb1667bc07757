package main

import (
	"context"
	"fmt"
	"net"
	"strconv"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/emulator"
	"github.com/intake-runtime/intake/runtime"
	"github.com/intake-runtime/intake/runtime/config"
	"github.com/intake-runtime/intake/runtime/logging"
)

// runEmulator is the placeholder local runner: it serves /healthz until the
// emulator package replaces it with the full application.
func runEmulator(ctx context.Context, c cli, args []string) int {
	fs := flagSet("emulator",
		"Run the local emulator on 0.0.0.0:DASHBOARD_PORT (default 8080) until Ctrl+C.\n"+
			"Everything is in memory: restarting loses the table and its data.")
	if code, ok := c.parse(fs, args, false); !ok {
		return code
	}
	// The spec's local runner sets DEV_UI_ENABLED=true only when it is undefined.
	cfg, ok := c.loadConfig(config.WithFallback(c.lookup, map[string]string{"DEV_UI_ENABLED": "true"}))
	if !ok {
		return exitUsage
	}
	logger, _, err := logging.New(logging.Options{Format: logging.Console, Level: cfg.Log.Level, Output: c.stderr})
	if err != nil {
		fmt.Fprintf(c.stderr, "intake emulator: %v\n", err)
		return exitFailure
	}
	defer func() { _ = logger.Sync() }() // stderr cannot always be synced; nothing to do about it
	if err := serveEmulator(ctx, cfg, logger.Named("emulator")); err != nil {
		logger.Error("emulator failed", zap.Error(err))
		return exitFailure
	}
	return exitOK
}

// serveEmulator serves the emulator until ctx is done, then stops it
// gracefully.
func serveEmulator(ctx context.Context, cfg config.Config, logger *zap.Logger) error {
	emu, err := emulator.New(ctx, cfg, logger)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", net.JoinHostPort("0.0.0.0", strconv.Itoa(cfg.HTTP.DashboardPort)))
	if err != nil {
		_ = emu.App().Close()
		return fmt.Errorf("DASHBOARD_PORT %d: %w", cfg.HTTP.DashboardPort, err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	logger.Info("emulator listening",
		zap.String("url", "http://localhost:"+strconv.Itoa(port)),
		zap.Bool("dev_ui", cfg.DevUI.Enabled),
		zap.String("model", runtime.ModelName(cfg)),
		zap.String("llm_api_key", cfg.LLM.APIKey.Mask()),
	)
	return emu.Run(ctx, ln)
}
