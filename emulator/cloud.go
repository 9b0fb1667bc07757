package emulator

import (
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/queue/inprocess"
)

// Cloud is the simulated cloud context of the spec: everything the
// application would reach in a cloud account, held in this process. Nothing
// in it survives a restart.
type Cloud struct {
	// Table is the key-value table.
	Table *memory.Table
	// Queue carries inbound messages from the webhook to the conversations,
	// whatever INBOUND_QUEUE_URL says.
	Queue *inprocess.Queue
	// Mailer records the e-mails of the handoff notifier.
	Mailer *MemoryMailer
	// Parameters is the parameter store.
	Parameters *MemoryParameters
}

// NewCloud returns an empty simulated context.
func NewCloud(logger *zap.Logger) (*Cloud, error) {
	q, err := inprocess.New(inprocess.Config{}, logger.Named("queue"))
	if err != nil {
		return nil, err
	}
	return &Cloud{
		Table:      memory.New(),
		Queue:      q,
		Mailer:     NewMemoryMailer(),
		Parameters: NewMemoryParameters(),
	}, nil
}
