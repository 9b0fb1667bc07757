package conversation

import (
	"github.com/intake-runtime/intake/domain"
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
	name := domain.DataText(t.answer.JSONPart["service"])
	c := t.e.content.Catalogue()
	svc, ok := c.Service(name)
	if !ok {
		t.refuse("s=1 names a service outside the catalogue: %q", name)
		return
	}
	s := &t.out.Session
	s.ServiceIdentified = domain.NullString(svc.Name)
	s.Segment = domain.NullString(svc.Segment)
	// The intent is optional: an unknown one is dropped rather than stored,
	// since its values are catalogue data.
	s.Intent = ""
	if intent, ok := c.Intent(domain.DataText(t.answer.JSONPart["intent"])); ok {
		s.Intent = domain.NullString(intent.ID)
	}
	t.moveTo(domain.StateDataCollect, domain.AgentRegistrar)
	reply(t)
}

// outOfPortfolio is s=4: the request is recorded as a demand (what the
// business is asked for and does not offer) and the conversation closes with
// the model's polite refusal.
func outOfPortfolio(t *transition) {
	original := t.in.burst()
	requested := domain.DataText(t.answer.JSONPart["service_requested"])
	if requested == "" {
		requested = original
	}
	segment := domain.DataText(t.answer.JSONPart["segment"])
	if seg, ok := t.e.content.Catalogue().Segment(segment); ok {
		segment = seg.ID
	}
	s := t.out.Session
	d := domain.NewDemand(domain.OutOfPortfolioDemand{
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
