package conversation

import (
	"github.com/intake-runtime/intake/persistence"
)

// identifyService is s=1: the model names the service; the session stores the
// catalogue's canonical name and segment, whatever spelling the model used.
//
// A name the catalogue does not know is refused like an unknown code, not
// taken as an out-of-portfolio request: the agent was shown the catalogue and
// chose "identified", so the slip is the model's. Closing the customer's
// conversation on it, or storing free text where the CRM expects a
// canonical name, would be worse than the fallback (a person takes over).
func identifyService(t *transition) {
	name := persistence.DataText(t.answer.JSONPart["service"])
	c := t.e.content.Catalogue()
	svc, ok := c.Service(name)
	if !ok {
		t.refuse("s=1 names a service outside the catalogue: %q", name)
		return
	}
	s := &t.out.Session
	s.ServiceIdentified = persistence.NullString(svc.Name)
	s.Segment = persistence.NullString(svc.Segment)
	// The intent is optional: an unknown one is dropped rather than stored,
	// since its values are catalogue data.
	s.Intent = ""
	if intent, ok := c.Intent(persistence.DataText(t.answer.JSONPart["intent"])); ok {
		s.Intent = persistence.NullString(intent.ID)
	}
	t.moveTo(persistence.StateDataCollect, persistence.AgentRegistrar)
	reply(t)
}

// outOfPortfolio is s=4: the request is recorded as a demand (what the
// business is asked for and does not offer) and the conversation closes with
// the model's polite refusal.
func outOfPortfolio(t *transition) {
	original := t.in.burst()
	requested := persistence.DataText(t.answer.JSONPart["service_requested"])
	if requested == "" {
		requested = original
	}
	segment := persistence.DataText(t.answer.JSONPart["segment"])
	if seg, ok := t.e.content.Catalogue().Segment(segment); ok {
		segment = seg.ID
	}
	s := t.out.Session
	d := persistence.NewDemand(persistence.OutOfPortfolioDemand{
		SessionID:         s.SessionID,
		PhoneNumber:       s.PhoneNumber,
		PushName:          t.in.PushName,
		ServiceRequested:  requested,
		EstimatedSegment:  segment,
		MessagingInstance: s.MessagingInstance,
		OriginalMessage:   original,
	}, t.in.Now)
	t.out.Demand = &d
	t.close()
	reply(t)
}
