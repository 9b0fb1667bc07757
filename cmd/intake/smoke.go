package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/runtime"
	"github.com/intake-runtime/intake/runtime/smoke"
)

// smokeTimeout bounds `intake smoke`: a probe and, for the CRM, a few reads
// of its settings.
const smokeTimeout = time.Minute

const smokeHelp = "Check an adapter's settings against the real system and exit: 0 when it answers as\n" +
	"configured, 1 when it does not (the detail says what is missing), 2 for a bad command line.\n\n" +
	"Targets:\n" +
	"  crm   the CRM answers with CRM_ACCESS_TOKEN, and has CRM_PIPELINE, every stage of CRM_STAGES\n" +
	"        the projection sends, and the deal property CRM_SESSION_PROPERTY\n" +
	"  erp   the ERP answers with ERP_ACCESS_TOKEN\n\n" +
	"Prints {\"target\",\"ok\",\"detail\"} as JSON on stdout. A disabled adapter (CRM_ENABLED=false,\n" +
	"ERP_ENABLED=false) is its local stub: reported ok, no call made."

// runSmoke is `intake smoke crm|erp`, the same check as the dashboard's
// smoke tab, for a deployment script or an owner setting up the CRM.
func runSmoke(ctx context.Context, c cli, args []string) int {
	fs := flagSet("smoke <crm|erp>", smokeHelp)
	if code, ok := c.parse(fs, args, true); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(c.stderr, "intake smoke: name one target, crm or erp")
		fs.SetOutput(c.stderr)
		fs.Usage()
		return exitUsage
	}
	cfg, ok := c.loadConfigFrom(ctx, c.lookup, c.parameters)
	if !ok {
		return exitUsage
	}
	ctx, cancel := context.WithTimeout(ctx, smokeTimeout)
	defer cancel()
	res, err := runtime.SmokeAdapter(ctx, cfg, fs.Arg(0), zap.NewNop())
	switch {
	case errors.Is(err, smoke.ErrUnknown):
		fmt.Fprintf(c.stderr, "intake smoke: unknown target %q: crm or erp\n", fs.Arg(0))
		return exitUsage
	case err != nil:
		fmt.Fprintf(c.stderr, "intake smoke: %v\n", err)
		return exitFailure
	}
	out, _ := json.Marshal(struct {
		Target string `json:"target"`
		OK     bool   `json:"ok"`
		Detail string `json:"detail"`
	}{res.Target, res.OK, res.Detail}) // strings and a bool always encode
	fmt.Fprintln(c.stdout, string(out))
	if !res.OK {
		return exitFailure
	}
	return exitOK
}
