package runtime

import "github.com/intake-runtime/intake/http/webhook"

// webhookRoutes mounts the platform webhook: the verification handshake,
// signed deliveries and the internal route. It is no development surface:
// it passes the gate.
func (a *App) webhookRoutes() error {
	h, err := webhook.New(webhook.Config{
		AppSecret:   a.cfg.Messaging.AppSecret.Reveal(),
		VerifyToken: a.cfg.Messaging.VerifyToken.Reveal(),
		Instances:   a.cfg.Messaging.Instances,
		Now:         a.now,
	}, webhook.Deps{Table: a.table, Queue: a.queue}, a.logger.Named("webhook"))
	if err != nil {
		return err
	}
	h.Register(a.http)
	return nil
}
