package atendimento

import (
	"context"

	"go.uber.org/zap"
)

// countCustomerMessages fills CustomerMessages for the conversations the
// operator holds, from which the script draws the unread badges: it keeps,
// in the operator's browser, how many of them the operator had when they
// last had the conversation open. Counting reads each such conversation's
// history (one query each), so it is done for the operator's own
// conversations only, the ones customers write to while the operator works
// elsewhere; a conversation whose history cannot be read gets no badge
// rather than failing the queue.
func (c *Console) countCustomerMessages(ctx context.Context, items []queueItem) {
	for i := range items {
		if !items[i].Mine {
			continue
		}
		history, err := c.deps.Messages.List(ctx, items[i].PhoneNumber, items[i].SessionID)
		if err != nil {
			c.log.Warn("history not read for the unread count", zap.Error(err))
			continue
		}
		n := 0
		for _, m := range c.messageViews(history, operatorNames{}) {
			if m.From == "customer" {
				n++
			}
		}
		items[i].CustomerMessages = &n
	}
}
