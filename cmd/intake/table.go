package main

import (
	"context"
	"fmt"
	"time"

	"github.com/intake-runtime/intake/persistence/dynamo"
)

// tableTimeout bounds `table create`, which waits for a new table to become
// active: long enough for DynamoDB, short enough that a wrong endpoint fails.
const tableTimeout = 2 * time.Minute

const tableHelp = "Manage the DynamoDB table.\n\nSubcommands:\n" +
	"  create   create the table TABLE_NAME in AWS_REGION (or at AWS_ENDPOINT_URL_DYNAMODB) if missing"

func runTable(ctx context.Context, c cli, args []string) int {
	fs := flagSet("table <subcommand>", tableHelp)
	if code, ok := c.parse(fs, args, true); !ok {
		return code
	}
	if fs.NArg() == 0 || fs.Arg(0) != "create" {
		if fs.NArg() == 0 {
			fmt.Fprintln(c.stderr, "intake table: missing subcommand")
		} else {
			fmt.Fprintf(c.stderr, "intake table: unknown subcommand %q\n", fs.Arg(0))
		}
		fs.SetOutput(c.stderr)
		fs.Usage()
		return exitUsage
	}
	return runTableCreate(ctx, c, fs.Args()[1:])
}

// runTableCreate is idempotent: it reports "created" or "already exists",
// both a success, so deployment scripts can run it every time, and the state
// of TTL on the attribute ttl, which it enables.
func runTableCreate(ctx context.Context, c cli, args []string) int {
	fs := flagSet("table create",
		"Create the DynamoDB table TABLE_NAME (default intake) with its index and TTL attribute if it is\n"+
			"missing, and report its TTL status. Uses AWS_REGION (default us-east-1), AWS_ENDPOINT_URL_DYNAMODB\n"+
			"when set, and the AWS SDK's usual credential chain (against a loopback endpoint, such as\n"+
			"DynamoDB Local on localhost, dummy credentials when the chain has none).")
	if code, ok := c.parse(fs, args, false); !ok {
		return code
	}
	cfg, ok := c.loadConfig(c.lookup)
	if !ok {
		return exitUsage
	}
	ctx, cancel := context.WithTimeout(ctx, tableTimeout)
	defer cancel()
	client, err := dynamo.NewClient(ctx, cfg.Table.Region, cfg.Table.Endpoint)
	if err != nil {
		fmt.Fprintf(c.stderr, "intake table create: %v\n", err)
		return exitFailure
	}
	report, err := dynamo.EnsureTable(ctx, client, cfg.Table.Name)
	if err != nil {
		fmt.Fprintf(c.stderr, "intake table create: table %s: %v\n", cfg.Table.Name, err)
		return exitFailure
	}
	fmt.Fprintln(c.stdout, report)
	return exitOK
}
