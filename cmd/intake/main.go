// Command intake is Intake's one binary:
//
//	intake emulator | serve | sync | replay | smoke crm|erp | table create | version
//
// Configuration comes from environment variables (see .env.example); main
// only hands os.LookupEnv and the standard streams to run, so tests drive
// every command through run without touching the process.
package main

import "os"

// version is set at build time: go build -ldflags "-X main.version=v1.2.3".
var version = "dev"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr, os.LookupEnv))
}
