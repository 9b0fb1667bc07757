package runtime

import (
	"fmt"
	"time"

	"github.com/intake-runtime/intake/businesshours"
	"github.com/intake-runtime/intake/runtime/config"
)

// liveHours is the holder of the business hours, seeded with BUSINESS_HOURS
// in UI_TIMEZONE; the hours setting replaces what it holds.
func liveHours(ui config.UI) (*businesshours.Live, error) {
	hours, err := ui.Hours() // validated by config.Load
	if err != nil {
		return nil, fmt.Errorf("BUSINESS_HOURS: %w", err)
	}
	return businesshours.NewLive(businesshours.Schedule{Hours: hours}), nil
}

// hoursZone is the zone the owner's hours are read in (UI_TIMEZONE).
func (a *App) hoursZone() *time.Location {
	if zone := a.hours.Hours().Zone(); zone != nil {
		return zone
	}
	if zone, err := time.LoadLocation(a.cfg.UI.Timezone); err == nil {
		return zone
	}
	return time.UTC
}
