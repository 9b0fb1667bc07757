package runtime

import (
	"github.com/intake-runtime/intake/http/chat"
)

// chatRoutes mounts POST /chat: a synchronous turn through the same session
// actor as the platform's messages.
func (a *App) chatRoutes() error {
	h, err := chat.New(chat.Config{Instance: a.cfg.Messaging.Instances[0], Now: a.now}, a.conversations, a.logger.Named("chat"))
	if err != nil {
		return err
	}
	h.Register(a.http)
	return nil
}
