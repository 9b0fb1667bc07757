package runtime

import (
	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/persistence"
)

// adminRoutes mounts the admin pages, behind a WhatsApp-code login of the
// roster's enabled admins (ADMIN_PHONES seeds them; open without one on a
// development runner, DEV_UI_ENABLED), POST /admin/reset and the prompt
// editor (development surfaces, gated) and the key-checked JSON API
// /admin/api/* (operational). The login uses the console's rules and
// throttles and the one roster the console reads (see operatorRoster).
// Edits of the settings go through a.settings, live on every node.
//
// It also mounts the operational routes /readyz and /metrics, until routes()
// lists them itself.
func (a *App) adminRoutes() error {
	lang, zone, err := uiLocale(a.cfg.UI)
	if err != nil {
		return err
	}
	proxies, err := trustedProxies(a.cfg.HTTP)
	if err != nil {
		return err
	}
	h, err := admin.New(admin.Config{
		APIKey:             a.cfg.Admin.APIKey.Reveal(),
		Prices:             modelPrices(a.cfg.LLM),
		RenotifyAfter:      a.cfg.Handoff.RenotifyAfter,
		Conversations:      a.conversations,
		MaxRenotifications: a.cfg.Handoff.MaxRenotifications,
		Now:                a.now,
		Lang:               lang,
		Zone:               zone,
		DefaultCountry:     a.cfg.UI.DefaultCountry,
		Sender:             a.sender,
		StoreTimeout:       a.cfg.Table.Timeout,
		TrustedProxies:     proxies,
		SecureCookie:       secureCookie(a.cfg.HTTP),
		LogCodes:           !a.cfg.Messaging.CloudEnabled,
		RefusedCodes:       a.metrics.LoginCodeRefused,
		RefusedKeys:        a.metrics.AdminKeyRefused,
		OpenPages:          a.cfg.DevUI.Enabled,
		Settings:           a.settings,
		CRM:                a.crmSettings(),
		Templates:          a.templates,
		Hours:              a.hours,
		Business:           a.business,
		// The audit trail names phones: a person's export and erasure take it in.
		PersonFinders:   []persistence.PersonFinder{persistence.NewAudits(a.table)},
		DataRetention:   a.cfg.Table.Retention,
		Reports:         a.reports,
		ReportRefresher: a.rollup,
	}, a.table, a.content, a.logger.Named("admin"))
	if err != nil {
		return err
	}
	h.Register(a.http)
	// Login codes still being sent finish before the process stops.
	a.http.Hooks().OnShutdown(func() error {
		h.Close()
		return nil
	})
	return nil
}
