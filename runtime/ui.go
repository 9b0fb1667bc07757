package runtime

import (
	"fmt"
	"time"

	"github.com/intake-runtime/intake/locale"
	"github.com/intake-runtime/intake/runtime/config"
)

// pageLocale is the language and zone of the console and admin pages
// (UI_LANG, UI_TIMEZONE); empty values take the pages' defaults.
func pageLocale(ui config.UI) (locale.Lang, *time.Location, error) {
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
