package runtime

import (
	"fmt"
	"time"

	"github.com/intake-runtime/intake/locale"
	"github.com/intake-runtime/intake/runtime/config"
)

// uiLocale is the language and zone of what people read (UI_LANG,
// UI_TIMEZONE): the console and admin pages and the handoff notices and
// replies operators receive; empty values take locale's defaults.
func uiLocale(ui config.UI) (locale.Lang, *time.Location, error) {
	var lang locale.Lang
	if ui.Lang != "" {
		l, err := locale.ParseLang(ui.Lang)
		if err != nil {
			return "", nil, fmt.Errorf("UI_LANG: %w", err)
		}
		lang = l
	}
	var zone *time.Location
	if ui.Timezone != "" {
		z, err := time.LoadLocation(ui.Timezone)
		if err != nil {
			return "", nil, fmt.Errorf("UI_TIMEZONE: %w", err)
		}
		zone = z
	}
	return lang, zone, nil
}
