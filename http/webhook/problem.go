package webhook

import (
	"context"
	"errors"

	"github.com/gofiber/fiber/v2"

	"github.com/intake-runtime/intake/http/httperr"
)

// problem is a refused request: the status and error body to answer with.
// Checks return one instead of writing the answer themselves, so the route
// reads top to bottom and each check is testable on its own.
type problem struct {
	status  int
	code    string
	message string
}

func (p *problem) write(c *fiber.Ctx) error {
	return httperr.Write(c, p.status, p.code, p.message)
}

// The refusals shared by the routes.
var (
	errTooLarge = &problem{fiber.StatusRequestEntityTooLarge, "payload_too_large",
		"the body exceeds 3 MB"}
	errStore = &problem{fiber.StatusInternalServerError, "store_failed",
		"the message could not be stored or enqueued; deliver it again"}
	errStoreTimeout = &problem{fiber.StatusServiceUnavailable, "store_timeout",
		"the table did not answer in time; deliver it again"}
)

// retryAfterSeconds is the Retry-After of a 503: a conversation that keeps
// up answers a fresh message within it.
const retryAfterSeconds = "5"

// storeFailure answers a table or queue failure: 503 with Retry-After when
// it ran out of the request's StoreTimeout (a stalled table: the platform
// should come back, not wait), else 500. Both ask for a redelivery.
func storeFailure(c *fiber.Ctx, err error) error {
	if errors.Is(err, context.DeadlineExceeded) {
		c.Set(fiber.HeaderRetryAfter, retryAfterSeconds)
		return errStoreTimeout.write(c)
	}
	return errStore.write(c)
}
