package emulator

import (
	"slices"
	"strings"

	"github.com/intake-runtime/intake/runtime/config"
)

// EndpointOverrides are the variables that would point the key-value table
// elsewhere. The emulator's table is the in-memory one of its simulated
// context, so Lookup hides them (spec "Local runner behaviour" 3): a
// leftover DynamoDB Local endpoint in the shell cannot split the emulator's data.
var EndpointOverrides = []string{"AWS_ENDPOINT_URL_DYNAMODB", "AWS_ENDPOINT_URL", "DYNAMODB_ENDPOINT"}

// Defaults are the values the emulator supplies for variables defined
// neither in the environment nor in the env file.
//
// CONTENT_DIR defaults to ./content so that prompts, the catalogue and
// knowledge packages put there seed the emulator over the embedded ones
// (edits from the dashboard or /admin are settings versions in the table,
// which lasts as long as the emulator runs). DATA_RETENTION
// defaults to 24h so that an emulator left running forgets old conversations
// and returns to its starting memory.
//
// OPERATOR_PHONES defaults to DevOperator, so a fresh emulator has someone
// who can log in to /atendimento (with the messaging stub the login page
// shows the code). `serve` has no such default.
var Defaults = map[string]string{"DEV_UI_ENABLED": "true", "CONTENT_DIR": "content", "OPERATOR_PHONES": DevOperator, "DATA_RETENTION": "24h"}

// DevOperator is the emulator's example operator number.
const DevOperator = "+5511900000000"

// Lookup is the environment the emulator's configuration reads: exported
// variables first, then the env file's values (set-if-absent: the file never
// overrides an exported variable), then Defaults, with EndpointOverrides
// hidden. As everywhere in Intake's configuration, a blank value counts as
// undefined, so an exported DEV_UI_ENABLED="" (or the empty line copied from
// .env.example) still gets the emulator's true.
//
// Without an LLM_API_KEY, LLM_PROVIDER is demo unless it names replay: the
// offline demo model answers, so a fresh checkout shows the product rather
// than a notice (an explicit openai without a key could only fail).
//
// It reads only through exported, never the process environment itself, and
// changes nothing: tests pass a map.
func Lookup(exported config.LookupFunc, file map[string]string) config.LookupFunc {
	layered := config.WithFallback(config.WithFallback(exported, file), Defaults)
	return func(name string) (string, bool) {
		switch {
		case slices.Contains(EndpointOverrides, name):
			return "", false
		case name == "LLM_PROVIDER" && !set(layered, "LLM_API_KEY"):
			if v, ok := layered(name); ok && strings.TrimSpace(v) == config.ProviderReplay {
				return v, true
			}
			return config.ProviderDemo, true
		}
		return layered(name)
	}
}

// set reports whether lookup gives name a non-blank value.
func set(lookup config.LookupFunc, name string) bool {
	v, ok := lookup(name)
	return ok && strings.TrimSpace(v) != ""
}

// IgnoredOverrides lists the EndpointOverrides that exported or file set, so
// the banner can say they were ignored rather than silently drop them.
func IgnoredOverrides(exported config.LookupFunc, file map[string]string) []string {
	layered := config.WithFallback(exported, file)
	var set []string
	for _, name := range EndpointOverrides {
		if v, ok := layered(name); ok && v != "" {
			set = append(set, name)
		}
	}
	return set
}
