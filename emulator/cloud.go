package emulator

import (
	"go.uber.org/zap"

	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/queue/inprocess"
	"github.com/intake-runtime/intake/runtime"
)

// Cloud is the simulated cloud context of the spec: everything the
// application would reach in a cloud account, held in this process. Nothing
// in it survives a restart.
type Cloud struct {
	// Table is the key-value table. Emulator.Run purges its expired items
	// (receipts, after persistence.ReceiptTTL) every
	// memory.DefaultPurgeInterval, so an idle emulator gives their memory
	// back.
	Table *memory.Table
	// Queue carries inbound messages from the webhook to the conversations,
	// whatever INBOUND_QUEUE_URL says.
	Queue *inprocess.Queue
	// Mailer records the e-mails of the handoff notifier.
	Mailer *MemoryMailer
	// Parameters is the parameter store.
	Parameters *MemoryParameters
}

// NewCloud returns an empty simulated context whose queue hands messages to
// conversations from consumers lanes (INBOUND_CONCURRENCY).
func NewCloud(consumers int, logger *zap.Logger) (*Cloud, error) {
	return newCloud(consumers, logger)
}

// newCloud is NewCloud with options for the table (tests set its clock).
func newCloud(consumers int, logger *zap.Logger, table ...memory.Option) (*Cloud, error) {
	q, err := inprocess.New(runtime.InProcessQueue(consumers), logger.Named("queue"))
	if err != nil {
		return nil, err
	}
	return &Cloud{
		Table:      memory.New(table...),
		Queue:      q,
		Mailer:     NewMemoryMailer(),
		Parameters: NewMemoryParameters(),
	}, nil
}
