package main

import (
	"context"
	"fmt"
	"runtime"
)

func runVersion(_ context.Context, c cli, args []string) int {
	fs := flagSet("version", "Print the version of this binary and the Go toolchain that built it.")
	if code, ok := c.parse(fs, args, false); !ok {
		return code
	}
	fmt.Fprintf(c.stdout, "intake %s (%s %s/%s)\n", version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return exitOK
}
