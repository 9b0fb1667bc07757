package conversation

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/domain"
)

// brasilia is the customers' clock for the date fact: Brazil's official time
// has had a fixed offset since daylight saving ended in 2019, so no time-zone
// database is needed.
var brasilia = time.FixedZone("BRT", -3*60*60)

// Request builds the model call of the agent that answers in the session's
// state: its prompt with the catalogue, the conversation (this burst as the
// last customer turn), every knowledge package injected so far in the session
// or this turn, and the session facts.
//
// A pending subject change that this burst answers with a plain yes or no is
// resolved first, so the agent of the resulting state answers (see
// CONFIRM_SUBJECT in the package documentation).
func (e *Engine) Request(in Input) (agent.Request, error) {
	s := e.resolveSubject(in)
	name := agentFor(s)
	instructions := e.instructionsFor(string(name))
	if instructions == "" {
		return agent.Request{}, errNoPrompt(name)
	}
	history := modelHistory(in.History)
	if text := in.burst(); text != "" {
		history = append(history, agent.Turn{Role: agent.RoleUser, Text: text})
	}
	req := agent.Request{
		Agent:        string(name),
		Instructions: instructions,
		History:      history,
		Packages:     e.packages(append(slices.Clone(s.CollectedPackages), in.Packages...)),
		Facts:        facts(s, in),
	}
	if err := req.Validate(); err != nil {
		return agent.Request{}, err
	}
	return req, nil
}

// modelHistory is the log as the model sees it: what the customer's phone
// shows, with what a voice note said (Message.ModelText), in order: customer
// messages and what the customer was sent (bot or operator), not what the
// model said. Answers never sent (superseded, refused, knowledge requests),
// entries with an error, system entries and empty texts are left out.
func modelHistory(log []domain.Message) []agent.Turn {
	turns := make([]agent.Turn, 0, len(log))
	for _, m := range log {
		text := m.ModelText()
		if text == "" {
			continue
		}
		switch m.Direction {
		case domain.DirectionInbound:
			turns = append(turns, agent.Turn{Role: agent.RoleUser, Text: text})
		case domain.DirectionOutbound:
			turns = append(turns, agent.Turn{Role: agent.RoleAssistant, Text: text})
		}
	}
	return turns
}

// packages loads knowledge packages by ID, once each, in order. A package
// removed since it was injected is skipped: losing reference text is no
// reason to fail a customer's turn.
func (e *Engine) packages(ids []string) []agent.Package {
	var out []agent.Package
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		if p, err := e.content.Package(id); err == nil {
			out = append(out, agent.Package{ID: p.ID, Content: p.Content})
		}
	}
	return out
}

// catalogueSection renders the catalogue and the knowledge package list into
// the instructions. It changes only when the content does, so it belongs to
// the stable prefix of the prompt (cached by providers), unlike the facts.
func (e *Engine) catalogueSection() string {
	c := e.content.Catalogue()
	var b strings.Builder
	b.WriteString("## Catálogo de serviços\n")
	for _, s := range c.Services {
		fmt.Fprintf(&b, "\n- %s (segmento %s): %s", s.Name, s.Segment, s.Description)
		if len(s.Aliases) > 0 {
			fmt.Fprintf(&b, "\n  Também chamado de: %s.", strings.Join(s.Aliases, ", "))
		}
		if len(s.Packages) > 0 {
			fmt.Fprintf(&b, "\n  Pacotes de conhecimento: %s.", strings.Join(s.Packages, ", "))
		}
	}
	b.WriteString("\n\n## Segmentos\n")
	for _, s := range c.Segments {
		fmt.Fprintf(&b, "\n- %s: %s", s.ID, s.Label)
	}
	b.WriteString("\n\n## Intenções\n")
	for _, i := range c.Intents {
		fmt.Fprintf(&b, "\n- %s: %s", i.ID, i.Label)
	}
	b.WriteString("\n\n## Pacotes de conhecimento\n")
	for _, id := range e.content.PackageIDs() {
		if p, err := e.content.Package(id); err == nil {
			fmt.Fprintf(&b, "\n- %s: %s", p.ID, p.Title)
		}
	}
	return b.String()
}

// Fact names, in Portuguese like the prompts that refer to them. The exported
// ones are also read by the offline demo model (agent/demo), which answers from
// the facts instead of from the prompt.
const (
	FactState          = "estado"
	factDate           = "data_atual"
	factPhone          = "telefone_whatsapp"
	FactPushName       = "nome_no_perfil"
	FactRecognizedName = "nome_reconhecido"
	FactService        = "servico_identificado"
	FactSegment        = "segmento"
	factIntent         = "intencao"
	FactQualification  = "dados_de_qualificacao"
	FactCadastral      = "dados_cadastrais"
	factPendingSubject = "mudanca_de_assunto_pendente"
	FactRetries        = "validacoes_cadastrais_falhas"
	FactHandoff        = "motivo_transferencia"
)

// facts describes the session to the model for a customer turn: the time
// and the customer's profile name, then sessionFacts.
func facts(s domain.Session, in Input) []agent.Fact {
	list := []agent.Fact{
		{Name: FactState, Value: string(s.State)},
		{Name: factDate, Value: date(in.Now)},
	}
	if name := strings.TrimSpace(in.PushName); name != "" {
		list = append(list, agent.Fact{Name: FactPushName, Value: name})
	}
	return append(list, sessionFacts(s)...)
}

// sessionFacts describes what the session knows, in a fixed order and leaving
// out what is unknown, so equal sessions render equal prompts.
func sessionFacts(s domain.Session) []agent.Fact {
	var list []agent.Fact
	add := func(name, value string) {
		if value != "" {
			list = append(list, agent.Fact{Name: name, Value: value})
		}
	}
	add(factPhone, s.PhoneNumber)
	add(FactRecognizedName, string(s.RecognizedName))
	add(FactService, string(s.ServiceIdentified))
	add(FactSegment, string(s.Segment))
	add(factIntent, string(s.Intent))
	add(FactQualification, jsonObject(s.QualificationData))
	add(FactCadastral, jsonObject(s.CadastralData))
	add(factPendingSubject, string(s.PendingSubjectChangeText))
	if s.RetryCount > 0 {
		add(FactRetries, strconv.Itoa(s.RetryCount))
	}
	add(FactHandoff, string(s.HandoffReason))
	return list
}

// date is today in Brasília with its weekday in Portuguese, so the model can
// place "amanhã" or "sexta-feira".
func date(now time.Time) string {
	t := now.In(brasilia)
	return t.Format("2006-01-02") + " (" + weekdays[t.Weekday()] + ")"
}

var weekdays = [...]string{"domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"}

// jsonObject renders a data object on one line with sorted keys and unescaped
// text; "" when empty.
func jsonObject(m map[string]any) string {
	if len(m) == 0 {
		return ""
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(m); err != nil {
		return ""
	}
	return strings.TrimSpace(b.String())
}
