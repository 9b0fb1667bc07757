package main

import (
	"context"
	"encoding/json"
	"fmt"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/persistence/dynamo"
	"github.com/intake-runtime/intake/runtime"
	"github.com/intake-runtime/intake/runtime/config"
)

// runSync runs the CRM and ERP sync job once over the DynamoDB table and prints its
// result as JSON: {"status":"disabled"} or {"status":"ok","metrics":{...}}.
func runSync(ctx context.Context, c cli, args []string) int {
	fs := flagSet("sync", "Converge every pending CRM projection and ERP customer once and exit, for a cron schedule.\n"+
		"Prints the result as JSON on stdout. With CRM_ENABLED (the default) it needs CRM_ACCESS_TOKEN,\n"+
		"and ERP_ACCESS_TOKEN when ERP_ENABLED (the default).")
	if code, ok := c.parse(fs, args, false); !ok {
		return code
	}
	cfg, ok := c.loadConfigFrom(ctx, c.lookup, c.parameters, config.SyncNeeds)
	if !ok {
		return exitUsage
	}
	client, err := dynamo.NewClient(ctx, cfg.Table.Region, cfg.Table.Endpoint)
	if err != nil {
		fmt.Fprintf(c.stderr, "intake sync: %v\n", err)
		return exitFailure
	}
	job, err := runtime.NewSyncJob(cfg, dynamo.New(client, cfg.Table.Name), zap.NewNop())
	if err != nil {
		fmt.Fprintf(c.stderr, "intake sync: %v\n", err)
		return exitUsage
	}
	res, err := job.Run(ctx, nil)
	if err != nil {
		fmt.Fprintf(c.stderr, "intake sync: %v\n", err)
		return exitFailure
	}
	out, _ := json.Marshal(res)
	fmt.Fprintln(c.stdout, string(out))
	return exitOK
}
