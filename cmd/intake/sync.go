package main

import (
	"context"
	"encoding/json"
	"fmt"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/projection"
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
		fmt.Fprintf(c.stderr, "intake sync: %v\n", dynamo.NoTable(err, cfg.Table.Name))
		return exitFailure
	}
	out, _ := json.Marshal(syncOutput(res)) // strings and integers always encode
	fmt.Fprintln(c.stdout, string(out))
	return exitOK
}

// syncOutput is the job's result as the command prints it: snake_case keys,
// like the admin API. (The job's own result keeps the spec's key names,
// Pending and OldestPendingSeconds, for its event consumers.)
func syncOutput(res projection.Result) any {
	type metrics struct {
		Pending              int   `json:"pending"`
		Blocked              int   `json:"blocked"`
		Uncertain            int   `json:"uncertain"`
		OldestPendingSeconds int64 `json:"oldest_pending_seconds"`
	}
	out := struct {
		Status  string   `json:"status"`
		Metrics *metrics `json:"metrics,omitempty"`
	}{Status: res.Status}
	if m := res.Metrics; m != nil {
		out.Metrics = &metrics{Pending: m.Pending, Blocked: m.Blocked, Uncertain: m.Uncertain, OldestPendingSeconds: m.OldestPendingSeconds}
	}
	return out
}
