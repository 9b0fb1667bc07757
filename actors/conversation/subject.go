package conversation

import (
	"strings"

	"github.com/intake-runtime/intake/actors/conversation/content"
	"github.com/intake-runtime/intake/domain"
)

// A subject change (s=6) is held in pending_subject_change_text while the
// customer is asked to confirm it (state CONFIRM_SUBJECT). The customer's
// next burst decides:
//
//   - a plain yes or no (word lists below, Portuguese and English, compared as
//     content.Fold keys) is resolved before the model is called, so the agent
//     of the resulting state answers in the same model call;
//   - anything else goes to the model with the pending text among the facts;
//     its s=0 answer may carry "confirm": true or false, which decides the
//     same way, or neither, which keeps asking.
//
// Yes restarts qualification from the held text: service, segment, intent
// and qualification data are cleared, the held text becomes
// qualification_data.assunto, the state becomes QUALIFYING with QUALIFIER
// (the greeting is done, so not TRIAGE). No returns to the state the change
// interrupted. Registration data survives both: it describes the customer,
// not the subject.

// The word lists hold folded bursts that mean yes or no as a whole; a burst
// whose first word is sim/yes or não/no also counts ("sim, quero falar do
// treinamento"), unless it is one of the unsure phrases.
var (
	yesPhrases = words("sim", "s", "ss", "sim sim", "isso", "isso mesmo", "exato", "claro", "com certeza",
		"pode", "pode ser", "pode sim", "quero", "quero sim", "confirmo", "certo", "ok", "okay", "beleza",
		"vamos", "bora", "por favor", "yes", "y", "sure", "yeah", "yep")
	noPhrases = words("nao", "n", "nao nao", "negativo", "nao quero", "melhor nao", "deixa", "deixa pra la",
		"deixa para la", "continuar", "vamos continuar", "prefiro continuar", "nenhum", "no", "nope", "nah")
	unsurePhrases = words("nao sei", "nao entendi", "nao tenho certeza", "sim e nao", "nao sei ainda")
	yesFirst      = words("sim", "yes")
	noFirst       = words("nao", "no")
)

func words(list ...string) map[string]bool {
	m := make(map[string]bool, len(list))
	for _, w := range list {
		m[content.Fold(w)] = true
	}
	return m
}

// confirmation reads a plain yes or no in a burst. ok is false when the burst
// is not one.
func confirmation(burst string) (yes, ok bool) {
	switch strings.TrimSpace(burst) {
	case "👍":
		return true, true
	case "👎":
		return false, true
	}
	key := content.Fold(burst)
	if unsurePhrases[key] {
		return false, false
	}
	if yesPhrases[key] {
		return true, true
	}
	if noPhrases[key] {
		return false, true
	}
	first, _, _ := strings.Cut(key, " ")
	switch {
	case yesFirst[first]:
		return true, true
	case noFirst[first]:
		return false, true
	}
	return false, false
}

// resolveSubject returns the session with a pending subject change decided by
// this burst, when the burst is a plain yes or no; otherwise in.Session as is.
// Request and Apply both call it, so they agree on the state without a
// separate step in the actor.
func (e *Engine) resolveSubject(in Input) domain.Session {
	s := in.Session
	if s.State != domain.StateConfirmSubject {
		return s
	}
	yes, ok := confirmation(in.burst())
	if !ok {
		return s
	}
	return decideSubject(s, yes)
}

// decideSubject applies the customer's answer to a pending subject change.
func decideSubject(s domain.Session, yes bool) domain.Session {
	held := strings.TrimSpace(string(s.PendingSubjectChangeText))
	s.PendingSubjectChangeText = ""
	if !yes {
		s.State = interruptedState(s)
		return s
	}
	s.State = domain.StateQualifying
	s.CurrentAgent = domain.AgentQualifier
	s.ServiceIdentified, s.Segment, s.Intent = "", "", ""
	s.QualificationData = map[string]any{}
	if held != "" {
		s.QualificationData[KeySubject] = held
	}
	return s
}

// interruptedState is the state a subject change interrupted. Subject changes
// are legal in QUALIFYING and DATA_COLLECT only, whose agents differ, so the
// agent (kept unchanged through CONFIRM_SUBJECT) tells which.
func interruptedState(s domain.Session) domain.SessionState {
	if s.CurrentAgent == domain.AgentRegistrar {
		return domain.StateDataCollect
	}
	return domain.StateQualifying
}
