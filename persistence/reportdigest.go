package persistence

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// reportDigestTTL keeps a week's mark a little over a year: long enough that
// no clock skew or restart sends a week twice, short enough not to pile up.
const reportDigestTTL = 400 * 24 * time.Hour

// ReportDigests marks the weeks whose report digest e-mail went out, one
// item per ISO week (pk REPORT, sk DIGEST#2025-W10). Every node runs the
// weekly job; the conditional put of the mark lets exactly one of them send
// each week's e-mail.
type ReportDigests struct{ table Table }

// NewReportDigests returns the marks kept in table.
func NewReportDigests(table Table) *ReportDigests { return &ReportDigests{table: table} }

func reportDigestKey(week string) Key { return Key{PK: "REPORT", SK: "DIGEST#" + week} }

// Claim marks week (e.g. "2025-W10") as sent at now, before the sending, and
// returns the mark's token for Release. It is ErrConflict when the week is
// marked already: another node sent it, or is sending it.
func (d *ReportDigests) Claim(ctx context.Context, week string, now time.Time) (string, error) {
	key := reportDigestKey(week)
	token := FormatTime(now)
	item := Item{
		AttrPK:    &types.AttributeValueMemberS{Value: key.PK},
		AttrSK:    &types.AttributeValueMemberS{Value: key.SK},
		"sent_at": &types.AttributeValueMemberS{Value: token},
		"ttl":     &types.AttributeValueMemberN{Value: fmt.Sprint(now.Add(reportDigestTTL).Unix())},
	}
	if err := d.table.Put(ctx, item, NotExists(AttrPK).Ptr()); err != nil {
		return "", fmt.Errorf("persistence: claim report digest %s: %w", week, err)
	}
	return token, nil
}

// Release removes the mark token holds after a failed send, so that the
// next run sends the week again. A mark taken over meanwhile stays.
func (d *ReportDigests) Release(ctx context.Context, week, token string) error {
	err := d.table.Delete(ctx, reportDigestKey(week), Equal("sent_at", token).Ptr())
	if err != nil && !errors.Is(err, ErrConflict) {
		return fmt.Errorf("persistence: release report digest %s: %w", week, err)
	}
	return nil
}
