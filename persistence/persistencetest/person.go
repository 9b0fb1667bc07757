package persistencetest

import (
	"context"
	"fmt"
	"time"

	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/persistence"
)

// SeedPerson stores what a conversation with handoff, notes and CRM sync
// leaves about one customer, under both forms of their number (old is the
// form without the ninth digit, as older releases keyed it): two sessions
// holding the CPF and name (with their search lookups), messages inbound
// and outbound (messages more of them), the inbound ones' receipts, a
// note, a demand, a synced projection with CRM and ERP IDs, the
// pending-message marker and a debounce buffer. It returns how many items it
// stored. cpf is the customer's document, 11 digits.
func SeedPerson(ctx context.Context, table persistence.Table, canonical, old, cpf string, messages int, at time.Time) (int, error) {
	sessions := persistence.NewSessions(table)
	logs := persistence.NewMessages(table)
	receipts := persistence.NewReceipts(table)
	n := 0
	for i, phone := range []string{old, canonical} {
		s := domain.NewSession(fmt.Sprintf("sess-%s-%d", cpf[:4], i), phone, "instance_a", at)
		s.CadastralData = map[string]any{"cpf_cnpj": cpf[:3] + "." + cpf[3:6] + "." + cpf[6:9] + "-" + cpf[9:], "nome": "Joana Prado", "email": "joana@example.com"}
		s.State = domain.StateHuman
		s, err := sessions.Create(ctx, s)
		if err != nil {
			return n, err
		}
		if _, err := sessions.Save(ctx, s); err != nil { // writes the search lookups
			return n, err
		}
		n += 1 + 1 + 2 // active pointer, session, lookups by document and name
		for m := range messages {
			dir := domain.DirectionOutbound
			if m%2 == 0 {
				dir = domain.DirectionInbound
			}
			msg := domain.Message{
				MessageID: fmt.Sprintf("wamid.%s.%d", phone[1:], m), SessionID: s.SessionID, PhoneNumber: phone,
				Content: "meu CPF é " + cpf, Timestamp: at.Add(time.Duration(m) * time.Second),
				Direction: dir, MessageType: domain.MessageText,
			}
			if err := logs.Append(ctx, msg); err != nil {
				return n, err
			}
			n++
			if dir == domain.DirectionInbound {
				turn := domain.InboundTurn{PhoneNumber: phone, MessageID: msg.MessageID, Content: msg.Content, ReceivedAt: msg.Timestamp, Instance: "instance_a"}
				if err := receipts.Record(ctx, persistence.NewReceipt(turn, at)); err != nil {
					return n, err
				}
				n++
			}
		}
		note := persistence.Note{NoteID: fmt.Sprintf("note-%d", i), PhoneNumber: phone, SessionID: s.SessionID, Operator: "+5511900000001", Text: "CPF " + cpf + " conferido", At: at}
		if err := persistence.NewNotes(table).Add(ctx, note); err != nil {
			return n, err
		}
		d := domain.NewDemand(domain.OutOfPortfolioDemand{PhoneNumber: phone, SessionID: s.SessionID, PushName: "Joana", ServiceRequested: "poço artesiano"}, at)
		if err := persistence.NewDemands(table).Add(ctx, d); err != nil {
			return n, err
		}
		n += 2
	}
	sessionID := fmt.Sprintf("sess-%s-1", cpf[:4])
	projections := persistence.NewProjections(table)
	desired := domain.Desired{Customer: map[string]any{"nome": "Joana Prado", "cpf_cnpj": cpf, "telefone": canonical}}
	if _, err := projections.PutDesired(ctx, sessionID, desired, at); err != nil {
		return n, err
	}
	p, err := projections.AcquireLease(ctx, sessionID, "seed", at.Add(time.Minute), at)
	if err != nil {
		return n, err
	}
	p.ContactID, p.DealID, p.ERPCustomerID = "contact-77", "deal-78", "erp-79"
	p.ConfirmedRevision, p.Status, p.LeaseOwner, p.LeaseUntil = p.Revision, persistence.ProjectionSynced, "", nil
	if err := projections.Save(ctx, p, "seed"); err != nil {
		return n, err
	}
	marker, err := persistence.EncodeLatestMarker(persistence.LatestMarker{PhoneNumber: canonical, PendingMessageIDs: []string{"wamid.x"}})
	if err != nil {
		return n, err
	}
	buffer, err := persistence.EncodeBuffer(persistence.DebounceBuffer{PhoneNumber: old, Turns: []domain.InboundTurn{{PhoneNumber: old, MessageID: "wamid.y", Content: "oi"}}})
	if err != nil {
		return n, err
	}
	if err := table.BatchWrite(ctx, []persistence.Item{marker, buffer}, nil); err != nil {
		return n, err
	}
	return n + 3, nil
}
