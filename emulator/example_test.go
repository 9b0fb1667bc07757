package emulator_test

import (
	"fmt"
	"strings"

	"github.com/intake-runtime/intake/emulator"
	"github.com/intake-runtime/intake/runtime/config"
)

// The emulator's environment: exported variables win over the env file,
// DEV_UI_ENABLED defaults to true, and endpoint overrides are hidden.
func ExampleLookup() {
	file, err := emulator.ParseEnv(strings.NewReader(`
# .env
export DASHBOARD_PORT=9090
LLM_MODEL="gpt-4o-mini"   # the file's choice
AWS_ENDPOINT_URL_DYNAMODB=http://127.0.0.1:4567
`), ".env")
	if err != nil {
		fmt.Println(err)
		return
	}
	exported := map[string]string{"LLM_MODEL": "gpt-4o"}
	cfg, err := config.Load(emulator.Lookup(func(name string) (string, bool) {
		v, ok := exported[name]
		return v, ok
	}, file))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(cfg.HTTP.DashboardPort, cfg.LLM.Model, cfg.DevUI.Enabled, cfg.Table.Endpoint == "")
	// Output: 9090 gpt-4o true true
}

// Syntax errors name the file and the line.
func ExampleParseEnv_error() {
	_, err := emulator.ParseEnv(strings.NewReader("A=1\nB=\"unclosed\n"), "deploy/.env")
	fmt.Println(err)
	// Output: deploy/.env:2: B has no closing "
}
