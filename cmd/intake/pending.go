package main

import (
	"context"
	"fmt"
)

// The commands below load and check the configuration, so a deployment can
// be validated today, and stop there until their runtime is built.

func runServe(_ context.Context, c cli, args []string) int {
	return c.notImplemented(args, "serve",
		"Run the service: the webhook, the queue consumers and the sync schedule, listening on\n"+
			"0.0.0.0:PORT (default 8080) with the DynamoDB table TABLE_NAME.")
}

func runSync(_ context.Context, c cli, args []string) int {
	return c.notImplemented(args, "sync",
		"Converge every pending CRM projection once and exit, for a cron schedule.")
}

func (c cli) notImplemented(args []string, name, help string) int {
	fs := flagSet(name, help)
	if code, ok := c.parse(fs, args, false); !ok {
		return code
	}
	if _, ok := c.loadConfig(c.lookup); !ok {
		return exitUsage
	}
	fmt.Fprintf(c.stderr, "intake %s: not implemented yet\n", name)
	return exitFailure
}
