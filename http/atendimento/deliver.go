package atendimento

import (
	"context"

	"github.com/intake-runtime/intake/internal/redact"
	"go.uber.org/zap"
)

// deliver sends text to an operator's phone in the background (login codes,
// transfer notices): the page answers at once, and Close waits for it.
// failed is what the log says when the platform did not take it.
func (c *Console) deliver(phone, text, failed string) {
	c.sending.Add(1)
	go func() {
		defer c.sending.Done()
		ctx, cancel := context.WithTimeout(context.Background(), codeSendTimeout)
		defer cancel()
		res, err := c.deps.Sender.Send(ctx, phone, text)
		if err != nil || !res.Success {
			c.log.Warn(failed, zap.String("error_kind", string(res.ErrorKind)), zap.String("detail", redact.Personal(res.Detail)), zap.Error(err))
		}
	}()
}
