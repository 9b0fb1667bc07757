package handoff

import (
	"context"
	"errors"
	"strings"

	"github.com/intake-runtime/intake/domain"
)

// All returns a Notifier that gives every notice to each of notifiers in
// turn (e-mail and the messaging platform, say) and merges their results:
// notified when any of them notified someone, successful when any succeeded,
// failed only when all failed. One notifier is returned as is.
func All(notifiers ...Notifier) Notifier {
	if len(notifiers) == 1 {
		return notifiers[0]
	}
	return all(notifiers)
}

type all []Notifier

func (a all) Notify(ctx context.Context, n Notice) (domain.HandoffNotifyResult, error) {
	if len(a) == 0 {
		return Queued(n.QueuePosition, "", "queued; no notifier is configured, nobody was told"), nil
	}
	var (
		results []domain.HandoffNotifyResult
		errs    []error
	)
	for _, notifier := range a {
		res, err := notifier.Notify(ctx, n)
		results = append(results, res)
		errs = append(errs, err)
	}
	return merge(n.QueuePosition, results), errors.Join(errs...)
}

// merge combines the results of several notifiers for one notice.
func merge(position int, results []domain.HandoffNotifyResult) domain.HandoffNotifyResult {
	out := domain.HandoffNotifyResult{QueuePosition: position}
	var details []string
	var failures []domain.AdapterResult
	for _, r := range results {
		details = append(details, r.Detail)
		if !r.Success {
			failures = append(failures, r.AdapterResult)
			continue
		}
		out.Success = true
		if r.Notified {
			out.Notified = true
			if out.MockID == "" {
				out.MockID = r.MockID
			}
			if out.OperatorPhone == "" {
				out.OperatorPhone = r.OperatorPhone
			}
		}
	}
	out.Detail = strings.Join(details, "; ")
	if !out.Success {
		out.ErrorKind = retryKind(failures)
	}
	return out
}
