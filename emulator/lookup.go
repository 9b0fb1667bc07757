package emulator

import (
	"slices"

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
// CONTENT_DIR defaults to ./content so that knowledge packages edited on the
// dashboard are saved (created on the first edit) and used by the next turn
// without a restart; until then the embedded content serves. DATA_RETENTION
// defaults to 24h so that an emulator left running forgets old conversations
// and returns to its starting memory.
var Defaults = map[string]string{"DEV_UI_ENABLED": "true", "CONTENT_DIR": "content", "DATA_RETENTION": "24h"}

// Lookup is the environment the emulator's configuration reads: exported
// variables first, then the env file's values (set-if-absent: the file never
// overrides an exported variable), then Defaults, with EndpointOverrides
// hidden. As everywhere in Intake's configuration, a blank value counts as
// undefined, so an exported DEV_UI_ENABLED="" (or the empty line copied from
// .env.example) still gets the emulator's true.
//
// It reads only through exported, never the process environment itself, and
// changes nothing: tests pass a map.
func Lookup(exported config.LookupFunc, file map[string]string) config.LookupFunc {
	layered := config.WithFallback(config.WithFallback(exported, file), Defaults)
	return func(name string) (string, bool) {
		if slices.Contains(EndpointOverrides, name) {
			return "", false
		}
		return layered(name)
	}
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
