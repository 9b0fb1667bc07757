package webhook_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/http/webhook"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/queue"
)

var update = flag.Bool("update", false, "rewrite testdata/golden/*.golden.json from the current answers")

// result is everything one delivery left behind: the answer, the table and
// the queue. Golden files hold it whole.
type result struct {
	Status   int                 `json:"status"`
	Body     json.RawMessage     `json:"body"`
	Receipts []storedReceipt     `json:"receipts"`
	Pending  map[string][]string `json:"pending"`
	// Queue holds the queue bodies as the queue package encodes them.
	Queue []json.RawMessage `json:"queue"`
}

// generatedID marks, in the rows below and in golden files, the UUID the
// internal route assigns to a payload without provider_message_id.
const generatedID = "<generated uuid>"

func TestDeliveries(t *testing.T) {
	tests := []struct {
		name   string
		path   string
		file   string
		setup  func(t *testing.T, h *harness)
		status int
		// queued are the message IDs of the queue messages, in order.
		queued []string
		// rejected are the message IDs listed as rejected, in order.
		rejected []webhook.Rejected
		check    func(t *testing.T, h *harness)
	}{
		{name: "multi entry", path: "/webhook", file: "multi_entry.json", status: 200,
			queued: []string{"wamid.A1", "wamid.A2", "wamid.B1"}},
		{name: "multi change", path: "/webhook", file: "multi_change.json", status: 200,
			queued: []string{"wamid.C1", "wamid.D1"}},
		{name: "media with caption", path: "/webhook", file: "media_caption.json", status: 200,
			queued: []string{"wamid.M1", "wamid.M2"},
			check: func(t *testing.T, h *harness) {
				wantContent(t, h, "wamid.M1", domain.MessageImage, "foto da fachada")
				wantContent(t, h, "wamid.M2", domain.MessageDocument, "planta do imóvel")
			}},
		{name: "media without caption", path: "/webhook", file: "media_no_caption.json", status: 200,
			queued: []string{"wamid.N1", "wamid.N2", "wamid.N3"},
			check: func(t *testing.T, h *harness) {
				wantContent(t, h, "wamid.N1", domain.MessageAudio, "[audio]")
				wantContent(t, h, "wamid.N2", domain.MessageSticker, "[sticker]")
				wantContent(t, h, "wamid.N3", domain.MessageVideo, "[video]")
			}},
		{name: "unknown type", path: "/webhook", file: "unknown_type.json", status: 200,
			queued: []string{"wamid.U1"},
			check: func(t *testing.T, h *harness) {
				wantContent(t, h, "wamid.U1", domain.MessageDocument, "[location] Escritório (-23.55, -46.63)")
			}},
		{name: "bad timestamp", path: "/webhook", file: "bad_timestamp.json", status: 200,
			queued: []string{"wamid.T1", "wamid.T2", "wamid.T3"},
			check: func(t *testing.T, h *harness) {
				for _, r := range h.receipts() {
					if !r.ReceivedAt.Equal(testStart) {
						t.Errorf("%s received_at = %v, want the current time %v", r.MessageID, r.ReceivedAt, testStart)
					}
				}
			}},
		{name: "statuses only", path: "/webhook", file: "statuses_only.json", status: 200,
			setup: logOutbound,
			check: func(t *testing.T, h *harness) {
				wantDelivery(t, h, "out-1", domain.DeliveryRead)
				wantDelivery(t, h, "out-2", domain.DeliveryFailed)
			}},
		{name: "answers shares and reactions", path: "/webhook", file: "answers.json", status: 200,
			setup:  logOutbound,
			queued: []string{"wamid.A1", "wamid.A2", "wamid.A3", "wamid.A4", "wamid.A5", "wamid.A8"},
			rejected: []webhook.Rejected{
				{MessageID: "wamid.A9", Reason: webhook.ReasonEmptyContent},
			},
			check: func(t *testing.T, h *harness) {
				wantContent(t, h, "wamid.A1", domain.MessageText, "Falar com atendente")
				wantContent(t, h, "wamid.A4", domain.MessageDocument,
					"[location] Escritório Paulista, Av. Paulista, 1000 - São Paulo (-23.561684, -46.655981)")
				wantContent(t, h, "wamid.A8", domain.MessageDocument, "[document]")
				if r, _ := persistence.NewReceipts(h.table).Get(context.Background(), "wamid.A2"); r.ReplyID != "svc_pesquisa" {
					t.Errorf("receipt of a list reply keeps reply_id %q, want svc_pesquisa", r.ReplyID)
				}
				wantReaction(t, h, "out-1", "❤️")
				wantReaction(t, h, "out-2", "")
			}},
		{name: "sender without digits among valid ones", path: "/webhook", file: "sender_no_digits.json", status: 200,
			queued: []string{"wamid.V1", "wamid.V3"},
			rejected: []webhook.Rejected{
				{MessageID: "wamid.V2", Reason: webhook.ReasonNoDigits},
				{MessageID: "", Reason: webhook.ReasonMissingID},
			}},
		{name: "not json", path: "/webhook", file: "not_json.txt", status: 400},
		{name: "internal with id", path: "/webhook/internal", file: "internal_with_id.json", status: 200,
			queued: []string{"internal-42"},
			check: func(t *testing.T, h *harness) {
				r := h.receipts()[0]
				if r.PhoneNumber != "+5511988887777" || r.Instance != "instance_a" ||
					!r.ReceivedAt.Equal(time.Date(2026, 3, 1, 11, 59, 30, 0, time.UTC)) {
					t.Errorf("receipt %+v: want the normalized phone, the default instance and received_at", r)
				}
			}},
		{name: "internal without id", path: "/webhook/internal", file: "internal_without_id.json", status: 200,
			queued: []string{generatedID}},
		{name: "internal explicit instance", path: "/webhook/internal", file: "internal_explicit_instance.json", status: 200,
			queued: []string{"internal-b-1"},
			check: func(t *testing.T, h *harness) {
				r := h.receipts()[0]
				if r.Instance != "instance_b" || r.Content != "[image]" || !r.ReceivedAt.Equal(testStart) {
					t.Errorf("receipt %+v: want instance_b, content [image], received now", r)
				}
			}},
		{name: "internal unknown instance", path: "/webhook/internal", file: "internal_unknown_instance.json", status: 422},
		{name: "internal sender without digits", path: "/webhook/internal", file: "internal_no_digits.json", status: 422},
		{name: "internal not json", path: "/webhook/internal", file: "not_json.txt", status: 400},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t)
			if tt.setup != nil {
				tt.setup(t, h)
			}
			status, body := h.post(tt.path, readFile(t, tt.file), true)
			if status != tt.status {
				t.Fatalf("status %d, want %d; body %s", status, tt.status, body)
			}
			generated := checkQueued(t, h, body, tt.queued)
			if status == 200 && tt.path == "/webhook" {
				checkSummary(t, body, len(tt.queued), tt.rejected)
			}
			if status != 200 && (len(h.receipts()) != 0 || len(h.pending()) != 0) {
				t.Errorf("a refused delivery stored receipts %v or markers %v", h.receipts(), h.pending())
			}
			if tt.check != nil {
				tt.check(t, h)
			}
			golden(t, strings.ReplaceAll(tt.name, " ", "_"), h.result(t, status, body), generated)
		})
	}
}

// checkQueued compares the queue with want and checks that every receipt was
// enqueued (so answered by the test consumer) under the delivery's claim.
// It returns the generated ID, if any.
func checkQueued(t *testing.T, h *harness, body []byte, want []string) string {
	t.Helper()
	got := h.queueIDs()
	generated := ""
	if slices.Contains(want, generatedID) {
		var reply webhook.InternalReply
		if err := json.Unmarshal(body, &reply); err != nil || uuid.Validate(reply.MessageID) != nil || reply.Duplicate {
			t.Fatalf("answer %s: want a new UUID message_id", body)
		}
		generated = reply.MessageID
		want = []string{generated}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("queued %v, want %v", got, want)
	}
	receipts := h.receipts()
	if len(receipts) != len(want) {
		t.Fatalf("%d receipts, want %d", len(receipts), len(want))
	}
	for _, r := range receipts {
		if !slices.Contains(want, r.MessageID) || r.CompletedAt == nil || !r.Claimed {
			t.Errorf("receipt %+v: want one of %v, claimed and answered", r, want)
		}
		if r.TTL != testStart.Add(persistence.ReceiptTTL).Unix() {
			t.Errorf("receipt %s ttl = %d, want now + 7 days", r.MessageID, r.TTL)
		}
	}
	for _, m := range h.queue.sent() {
		wantQueueBody(t, m)
	}
	return generated
}

// wantQueueBody checks that a queue message is exactly the two fields.
func wantQueueBody(t *testing.T, m domain.QueueMessage) {
	t.Helper()
	body, err := queue.Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]string
	if err := json.Unmarshal([]byte(body), &fields); err != nil || len(fields) != 2 ||
		fields["phone_number"] != m.PhoneNumber || fields["message_id"] != m.MessageID ||
		!strings.HasPrefix(m.PhoneNumber, "+") {
		t.Errorf("queue body %s: want exactly {phone_number, message_id} with a normalized phone", body)
	}
}

func checkSummary(t *testing.T, body []byte, accepted int, rejected []webhook.Rejected) {
	t.Helper()
	var sum webhook.Summary
	if err := json.Unmarshal(body, &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Accepted != accepted || sum.Duplicates != 0 || !slices.Equal(sum.Rejected, append([]webhook.Rejected{}, rejected...)) {
		t.Errorf("summary %s, want %d accepted and rejected %v", body, accepted, rejected)
	}
}

func (h *harness) result(t *testing.T, status int, body []byte) result {
	t.Helper()
	r := result{Status: status, Body: body, Receipts: h.receipts(), Pending: h.pending(), Queue: []json.RawMessage{}}
	for _, m := range h.queue.sent() {
		b, err := queue.Encode(m)
		if err != nil {
			t.Fatal(err)
		}
		r.Queue = append(r.Queue, json.RawMessage(b))
	}
	return r
}

// golden compares r with testdata/golden/name.golden.json, or rewrites the
// file with -update. A generated ID is replaced by a placeholder first.
func golden(t *testing.T, name string, r result, generated string) {
	t.Helper()
	got, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if generated != "" {
		got = bytes.ReplaceAll(got, []byte(generated), []byte(generatedID))
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", "golden", name+".golden.json")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n got: %s\nwant: %s", name, got, want)
	}
}

func wantContent(t *testing.T, h *harness, id string, kind domain.MessageType, content string) {
	t.Helper()
	r, err := persistence.NewReceipts(h.table).Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if r.MessageType != kind || r.Content != content {
		t.Errorf("receipt %s: %s %q, want %s %q", id, r.MessageType, r.Content, kind, content)
	}
}

// The outbound messages the statuses of statuses_only.json refer to.
var outbound = []struct {
	id, providerID string
}{{"out-1", "wamid.OUT1"}, {"out-2", "wamid.OUT2"}}

const outboundSession = "session-1"

// logOutbound logs two sent bot messages with their provider IDs, as the
// session actor does after a send.
func logOutbound(t *testing.T, h *harness) {
	t.Helper()
	msgs := persistence.NewMessages(h.table)
	for i, o := range outbound {
		m := domain.Message{
			MessageID: o.id, SessionID: outboundSession, PhoneNumber: "+5511988887777",
			Content: "resposta", Timestamp: testStart.Add(time.Duration(i-60) * time.Minute),
			StateBefore: "NEW", StateAfter: "QUALIFYING",
			Direction: domain.DirectionOutbound, MessageType: domain.MessageText,
		}
		if err := msgs.Append(context.Background(), m); err != nil {
			t.Fatal(err)
		}
		if err := msgs.SetProviderMessageID(context.Background(), m, o.providerID); err != nil {
			t.Fatal(err)
		}
	}
}

func wantDelivery(t *testing.T, h *harness, messageID string, want domain.DeliveryStatus) {
	t.Helper()
	if m, ok := loggedOutbound(t, h, messageID); ok && (m.DeliveryStatus != want || m.DeliveryUpdatedAt == nil) {
		t.Errorf("%s delivery status %q at %v, want %q", messageID, m.DeliveryStatus, m.DeliveryUpdatedAt, want)
	}
}

// loggedOutbound reads one of logOutbound's messages as stored now.
func loggedOutbound(t *testing.T, h *harness, messageID string) (domain.Message, bool) {
	t.Helper()
	log, err := persistence.NewMessages(h.table).List(context.Background(), "+5511988887777", outboundSession)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range log {
		if m.MessageID == messageID {
			return m, true
		}
	}
	t.Errorf("message %s not in the log", messageID)
	return domain.Message{}, false
}

// wantReaction checks the customer's reaction recorded on a logged message:
// emoji, or none (taken back) with the time of the change.
func wantReaction(t *testing.T, h *harness, messageID, emoji string) {
	t.Helper()
	if m, ok := loggedOutbound(t, h, messageID); ok && (m.Reaction != emoji || m.ReactionAt == nil) {
		t.Errorf("%s reaction %q at %v, want %q", messageID, m.Reaction, m.ReactionAt, emoji)
	}
}
