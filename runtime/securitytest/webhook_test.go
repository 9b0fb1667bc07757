package securitytest_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/intake-runtime/intake/actors/messaging/cloudapi"
	"github.com/intake-runtime/intake/persistence"
)

// envelope is a platform envelope of one message, sent now.
func envelope(from, id, body string) string { return envelopeAt(from, id, body, time.Now()) }

// envelopeAt is a platform envelope of one message sent at sent.
func envelopeAt(from, id, body string, sent time.Time) string {
	return fmt.Sprintf(`{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[{"field":"messages","value":{`+
		`"messaging_product":"whatsapp","metadata":{"phone_number_id":"PNID"},`+
		`"messages":[{"from":%q,"id":%q,"timestamp":"%d","type":"text","text":{"body":%q}}]}}]}]}`, from, id, sent.Unix(), body)
}

// TestBadWebhookInputsAreRefused: unsigned, mis-signed, malformed and
// oversized deliveries store nothing and start no turn.
func TestBadWebhookInputsAreRefused(t *testing.T) {
	tg := start(t, nil, nil)
	good := envelope("5511977776666", "wamid.PROBE", "Oi")
	signed := func(body string) map[string]string {
		return map[string]string{"Content-Type": "application/json", cloudapi.SignatureHeader: cloudapi.Signature(appSecret, []byte(body))}
	}
	probes := []struct {
		name   string
		body   string
		header map[string]string
		status int
	}{
		{"unsigned", good, map[string]string{"Content-Type": "application/json"}, 401},
		{"signed with another secret", good, with(signed(good), cloudapi.SignatureHeader, cloudapi.Signature("guess", []byte(good))), 401},
		{"signature of another body", good, with(signed(good), cloudapi.SignatureHeader, cloudapi.Signature(appSecret, []byte(good+" "))), 401},
		{"signature without prefix", good, with(signed(good), cloudapi.SignatureHeader, strings.TrimPrefix(cloudapi.Signature(appSecret, []byte(good)), "sha256=")), 401},
		{"signature not hex", good, with(signed(good), cloudapi.SignatureHeader, "sha256=zz"), 401},
		{"empty body", "", signed(""), 400},
		{"not JSON", "<xml/>", signed("<xml/>"), 400},
		{"JSON array", "[]", signed("[]"), 400},
		{"truncated", good[:len(good)/2], signed(good[:len(good)/2]), 400},
		{"over 3 MB", `{"x":"` + strings.Repeat("a", 3<<20) + `"}`, nil, 413},
	}
	for _, p := range probes {
		t.Run(p.name, func(t *testing.T) {
			header := p.header
			if header == nil {
				header = signed(p.body)
			}
			res, err := tg.try("POST", "/webhook", p.body, header)
			if err != nil && p.status == http.StatusRequestEntityTooLarge && (errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)) {
				return // the server answered 413 and closed before the client finished writing
			}
			if err != nil || res.status != p.status {
				t.Errorf("answer %d %.120s (%v), want %d", res.status, res.body, err, p.status)
			}
		})
	}
	// Messages that cannot become a turn are listed, not stored.
	for name, body := range map[string]string{
		"sender without digits": envelope("+++", "wamid.BAD1", "Oi"),
		"no message id":         envelope("5511977776666", "", "Oi"),
		"empty text":            envelope("5511977776666", "wamid.BAD2", ""),
		"id over 256 bytes":     envelope("5511977776666", strings.Repeat("i", 300), "Oi"),
		"text over 16 KB":       envelope("5511977776666", "wamid.BAD3", strings.Repeat("x", 17<<10)),
	} {
		res := tg.do(t, "POST", "/webhook", body, signed(body))
		if res.status != 200 || !strings.Contains(res.body, `"accepted":0`) || !strings.Contains(res.body, `"rejected":[{`) {
			t.Errorf("%s: %d %.160s, want 200 with the message rejected", name, res.status, res.body)
		}
	}
	if n := countItems(t, tg.table, "RECEIPT#"); n != 0 {
		t.Errorf("%d receipts stored by refused deliveries", n)
	}
	if sends := tg.sender.Sends(); len(sends) != 0 {
		t.Errorf("refused deliveries made %d sends", len(sends))
	}
	// The same delivery, signed, is taken: the probes above fail for what
	// they change, and the count above can see a receipt.
	if res := tg.do(t, "POST", "/webhook", good, signed(good)); res.status != 200 || countItems(t, tg.table, "RECEIPT#") == 0 {
		t.Errorf("the good delivery: %d %s, %d receipts", res.status, res.body, countItems(t, tg.table, "RECEIPT#"))
	}
}

// countItems counts the items whose pk starts with prefix.
func countItems(t *testing.T, table persistence.Table, prefix string) int {
	t.Helper()
	n, cursor := 0, ""
	for {
		page, err := table.Scan(context.Background(), persistence.Scan{Cursor: cursor})
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range page.Items {
			if pk, ok := it[persistence.AttrPK].(*types.AttributeValueMemberS); ok && strings.HasPrefix(pk.Value, prefix) {
				n++
			}
		}
		if cursor = page.Next; cursor == "" {
			return n
		}
	}
}

// TestOldDeliveriesNeverBecomeTurns: a delivery older than WEBHOOK_MAX_AGE
// (a redelivery after its receipt expired) is acknowledged, dropped and
// counted in intake_inbound_stale_total.
func TestOldDeliveriesNeverBecomeTurns(t *testing.T) {
	tg := start(t, map[string]string{"WEBHOOK_MAX_AGE": "24h"}, nil)
	old := envelopeAt("5511977776666", "wamid.OLD", "Oi", time.Now().Add(-25*time.Hour))
	res := tg.do(t, "POST", "/webhook", old, map[string]string{
		"Content-Type": "application/json", cloudapi.SignatureHeader: cloudapi.Signature(appSecret, []byte(old))})
	if res.status != 200 || !strings.Contains(res.body, `"stale":1`) {
		t.Errorf("old delivery: %d %s, want 200 with stale 1", res.status, res.body)
	}
	if n := countItems(t, tg.table, "RECEIPT#"); n != 0 {
		t.Errorf("the old delivery left %d receipts", n)
	}
	if m := tg.do(t, "GET", "/metrics", "", nil); !strings.Contains(m.body, "intake_inbound_stale_total 1") {
		t.Errorf("/metrics does not count the stale delivery")
	}
}
