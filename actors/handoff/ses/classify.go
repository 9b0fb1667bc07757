package ses

import (
	"context"
	"errors"
	"net"

	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/smithy-go"

	"github.com/intake-runtime/intake/domain"
)

// throttled are the SES error codes that mean "slow down", whatever the
// HTTP status: the same e-mail succeeds later.
var throttled = map[string]bool{
	"TooManyRequestsException": true,
	"LimitExceededException":   true,
	"Throttling":               true,
	"ThrottlingException":      true,
}

// classify maps an SendEmail failure to the adapter error kinds, after the
// SDK's own retries:
//
//   - uncertain: the request may have reached SES but no answer came back
//     (the context ended or the connection timed out mid-call), so the e-mail
//     may have been sent;
//   - transient: throttling, server faults (5xx) and transport failures
//     before an answer: trying again later may succeed;
//   - permanent: every other answer from SES (rejected message, unverified
//     sender, suspended account, invalid request): the same e-mail fails
//     again.
func classify(err error) domain.ErrorKind {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return domain.ErrorKindUncertain
	}
	var api smithy.APIError
	if errors.As(err, &api) {
		var res *awshttp.ResponseError
		switch {
		case throttled[api.ErrorCode()]:
			return domain.ErrorKindTransient
		case errors.As(err, &res) && (res.HTTPStatusCode() >= 500 || res.HTTPStatusCode() == 429):
			return domain.ErrorKindTransient
		case api.ErrorFault() == smithy.FaultServer:
			return domain.ErrorKindTransient
		}
		return domain.ErrorKindPermanent
	}
	var netErr net.Error
	if errors.As(err, &netErr) && netErr.Timeout() {
		return domain.ErrorKindUncertain
	}
	return domain.ErrorKindTransient
}
