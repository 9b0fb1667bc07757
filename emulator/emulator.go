package emulator

import (
	"context"
	"net"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime"
	"github.com/intake-runtime/intake/runtime/config"
)

// Emulator is the whole application in one process over a simulated cloud
// context: an in-memory table and an in-process queue. Restarting it loses
// the table.
type Emulator struct {
	app *runtime.App
}

// New builds the emulator of cfg. The messaging adapter stays real when
// MESSAGING_CLOUD_ENABLED is true and credentials are set; without
// credentials it falls back to the local stub, so a fresh checkout runs.
func New(ctx context.Context, cfg config.Config, logger *zap.Logger) (*Emulator, error) {
	opts := runtime.Options{Table: memory.New()}
	if cfg.Messaging.CloudEnabled && (cfg.Messaging.AccessToken.Reveal() == "" || cfg.Messaging.PhoneNumberID == "") {
		logger.Warn("MESSAGING_CLOUD_ENABLED is true but MESSAGING_ACCESS_TOKEN or MESSAGING_PHONE_NUMBER_ID is missing: replies go to the local stub")
		opts.Sender = messaging.NewStub(logger.Named("messaging"))
	}
	app, err := runtime.New(ctx, cfg, logger, opts)
	if err != nil {
		return nil, err
	}
	return &Emulator{app: app}, nil
}

// App is the running application, for the dashboard and tests.
func (e *Emulator) App() *runtime.App { return e.app }

// Run serves on ln until ctx is done, then stops gracefully.
func (e *Emulator) Run(ctx context.Context, ln net.Listener) error {
	return e.app.Run(ctx, ln)
}
