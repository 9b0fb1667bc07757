package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// flagSet returns a subcommand's flag set whose usage shows synopsis
// (e.g. "table create") and help, then the flags if it has any.
func flagSet(synopsis, help string) *flag.FlagSet {
	fs := flag.NewFlagSet("intake "+synopsis, flag.ContinueOnError)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "Usage: intake %s\n\n%s\n", synopsis, help)
		hasFlags := false
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprint(w, "\nFlags:\n")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parse parses args and reports whether the command should go on. When it
// should not, code is the exit code: exitOK after -h/--help (usage on
// stdout), exitUsage after a bad flag or, unless positional arguments are
// allowed, a stray argument (usage on stderr).
func (c cli) parse(fs *flag.FlagSet, args []string, positional bool) (code int, ok bool) {
	fs.SetOutput(io.Discard) // flag's own messages are replaced by the ones below
	err := fs.Parse(args)
	if err == nil && !positional && fs.NArg() > 0 {
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	switch {
	case err == nil:
		return exitOK, true
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(c.stdout)
		fs.Usage()
		return exitOK, false
	default:
		fmt.Fprintf(c.stderr, "%s: %v\n", fs.Name(), err)
		fs.SetOutput(c.stderr)
		fs.Usage()
		return exitUsage, false
	}
}
