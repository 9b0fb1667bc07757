package config

import (
	"time"

	"github.com/intake-runtime/intake/businesshours"
)

// Hours is BUSINESS_HOURS parsed in UI_TIMEZONE: the one value runtime
// passes to the actors and the console, so every part reads the same week.
func (ui UI) Hours() (businesshours.Hours, error) {
	zone, err := time.LoadLocation(ui.Timezone)
	if err != nil {
		return businesshours.Hours{}, err
	}
	return businesshours.Parse(ui.BusinessHours, zone)
}
