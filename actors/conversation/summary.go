package conversation

import (
	"encoding/json"
	"fmt"
	"maps"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/domain"
)

// The operational summary is written by the SUMMARIZER when a conversation
// closes or goes to a person. Its answer is a JSON object only (it does not
// use the action-code contract); ApplySummary also accepts the object wrapped
// in a code fence or followed by prose, and plain prose alone (the legacy
// string form), and fills every key it cannot trust from the session, so the
// stored summary always has the spec's seven keys.

// Caps keep a runaway answer from bloating the session item (400 KB limit).
const (
	maxSummaryText   = 2000
	maxSummaryPoints = 12
)

// SummaryRequest builds the SUMMARIZER call for a session that is closing or
// being handed off: its prompt, the conversation and the session facts. The
// history should include the turn that caused the summary.
func (e *Engine) SummaryRequest(s domain.Session, history []domain.Message) (agent.Request, error) {
	prompt := e.content.Prompt(string(domain.AgentSummarizer))
	if strings.TrimSpace(prompt) == "" {
		return agent.Request{}, errNoPrompt(domain.AgentSummarizer)
	}
	req := agent.Request{
		Agent:        string(domain.AgentSummarizer),
		Instructions: strings.TrimSpace(prompt),
		History:      modelHistory(history),
		Facts:        append([]agent.Fact{{Name: FactState, Value: string(s.State)}}, sessionFacts(s)...),
	}
	if err := req.Validate(); err != nil {
		return agent.Request{}, err
	}
	return req, nil
}

// ApplySummary stores the operational summary built from the SUMMARIZER's
// answer (ok is false when the call failed). Keys the session knows for sure
// come from the session, whatever the model said: the identified service and
// segment (canonical values) and the collected data. The model contributes
// the reason, key points, next action and text; each one it leaves out or
// garbles falls back to a deterministic value built from the session, and a
// failed call or an unusable answer gives the whole deterministic summary.
func (e *Engine) ApplySummary(s domain.Session, answer string, ok bool) domain.Session {
	s = s.Clone()
	sum := fallbackSummary(s)
	if ok {
		if model, usable := parseSummary(answer); usable {
			sum = e.mergeSummary(s, sum, model)
		}
	}
	s.OperationalSummary = domain.StructuredSummary(sum)
	return s
}

// summaryAnswer is what a usable SUMMARIZER answer holds: its object (empty
// for a prose answer) and the prose outside it.
type summaryAnswer struct {
	fields map[string]any
	prose  string
}

// parseSummary reads an answer as an object (optionally fenced, optionally
// followed by prose) or as prose alone. Empty answers, null, other JSON
// values and broken objects are unusable.
func parseSummary(answer string) (summaryAnswer, bool) {
	text := strings.TrimSpace(answer)
	text = strings.TrimPrefix(strings.TrimPrefix(text, "```json"), "```")
	text = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text), "```"))
	if i := strings.IndexByte(text, '{'); i >= 0 {
		dec := json.NewDecoder(strings.NewReader(text[i:]))
		dec.UseNumber()
		var fields map[string]any
		if err := dec.Decode(&fields); err != nil || fields == nil {
			return summaryAnswer{}, false
		}
		rest := text[i:][dec.InputOffset():]
		return summaryAnswer{fields: fields, prose: cleanText(strings.TrimPrefix(strings.TrimSpace(rest), "```"))}, true
	}
	if text == "" || json.Valid([]byte(text)) || !prose(text) {
		return summaryAnswer{}, false
	}
	return summaryAnswer{prose: cleanText(text)}, true
}

// prose tells readable text from noise: valid UTF-8, no control characters
// besides line breaks and tabs, and mostly letters among its non-space runes.
func prose(text string) bool {
	if !utf8.ValidString(text) {
		return false
	}
	letters, other := 0, 0
	for _, r := range text {
		switch {
		case unicode.IsLetter(r):
			letters++
		case r == '\n' || r == '\t' || r == '\r' || unicode.IsSpace(r):
		case unicode.IsControl(r):
			return false
		default:
			other++
		}
	}
	return letters >= 10 && letters > 2*other
}

// mergeSummary takes the model's fields over the fallback where they are
// usable.
func (e *Engine) mergeSummary(s domain.Session, sum domain.OperationalSummary, model summaryAnswer) domain.OperationalSummary {
	f := model.fields
	if v := cleanText(domain.DataText(f["motivo_encerramento"])); v != "" {
		sum.MotivoEncerramento = v
	}
	c := e.content.Catalogue()
	if sum.ServicoIdentificado == "" {
		if svc, ok := c.Service(domain.DataText(f["servico_identificado"])); ok {
			sum.ServicoIdentificado = domain.NullString(svc.Name)
		}
	}
	if sum.Segmento == "" {
		if seg, ok := c.Segment(domain.DataText(f["segmento"])); ok {
			sum.Segmento = seg.ID
		}
	}
	if points := summaryPoints(f["pontos_chave"]); len(points) > 0 {
		sum.PontosChave = points
	}
	if v := cleanText(domain.DataText(f["proxima_acao"])); v != "" {
		sum.ProximaAcao = v
	}
	switch {
	case cleanText(domain.DataText(f["resumo_texto"])) != "":
		sum.ResumoTexto = cleanText(domain.DataText(f["resumo_texto"]))
	case model.prose != "":
		sum.ResumoTexto = model.prose
	}
	return sum
}

// summaryPoints reads pontos_chave: a list of scalars, or one text with a
// point per line.
func summaryPoints(v any) []string {
	var raw []string
	switch v := v.(type) {
	case []any:
		for _, x := range v {
			raw = append(raw, domain.DataText(x))
		}
	case string:
		raw = strings.Split(v, "\n")
	}
	var points []string
	for _, p := range raw {
		p = cleanText(strings.TrimLeft(strings.TrimSpace(p), "-•* "))
		if p != "" && len(points) < maxSummaryPoints {
			points = append(points, p)
		}
	}
	return points
}

// cleanText trims text and caps its length.
func cleanText(s string) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) > maxSummaryText {
		s = string([]rune(s)[:maxSummaryText]) + "…"
	}
	return s
}

// fallbackSummary is the deterministic summary of a session: what a person
// reading it needs, built only from recorded facts.
func fallbackSummary(s domain.Session) domain.OperationalSummary {
	reason, next := closingReason(s)
	data := make(map[string]any, len(s.QualificationData)+len(s.CadastralData))
	maps.Copy(data, s.QualificationData)
	maps.Copy(data, s.CadastralData)
	var points []string
	if s.ServiceIdentified != "" {
		points = append(points, "Serviço: "+string(s.ServiceIdentified))
	}
	if s.Intent != "" {
		points = append(points, "Intenção: "+string(s.Intent))
	}
	keys := make([]string, 0, len(s.QualificationData))
	for k := range s.QualificationData {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if v := domain.DataText(s.QualificationData[k]); v != "" && len(points) < maxSummaryPoints-1 {
			points = append(points, fmt.Sprintf("%s: %s", k, cleanText(v)))
		}
	}
	if pending := string(s.PendingSubjectChangeText); pending != "" {
		points = append(points, "Mudança de assunto pendente: "+cleanText(pending))
	}
	who := string(s.RecognizedName)
	if name := domain.DataText(s.CadastralData[KeyName]); name != "" {
		who = name
	}
	if who == "" {
		who = s.PhoneNumber
	} else {
		who += " (" + s.PhoneNumber + ")"
	}
	service := "Nenhum serviço do catálogo foi identificado."
	if s.ServiceIdentified != "" {
		service = "Serviço identificado: " + string(s.ServiceIdentified) + "."
	}
	return domain.OperationalSummary{
		MotivoEncerramento:  reason,
		ServicoIdentificado: s.ServiceIdentified,
		Segmento:            string(s.Segment),
		PontosChave:         points,
		DadosColetados:      data,
		ProximaAcao:         next,
		ResumoTexto:         fmt.Sprintf("Conversa com %s pelo WhatsApp. %s %s Próxima ação: %s", who, reason, service, next),
	}
}

// closingReason describes why the session is being summarised and what the
// team should do next, from its state and handoff reason.
func closingReason(s domain.Session) (reason, next string) {
	const takeOver = "Assumir a conversa e dar continuidade ao atendimento."
	if s.State == domain.StateClosed {
		return "Conversa encerrada.", "Nenhuma ação pendente."
	}
	switch s.HandoffReason {
	case domain.HandoffCustomerRequest:
		return "O cliente pediu para falar com um atendente.", takeOver
	case domain.HandoffValidationFailed:
		return "Os dados cadastrais não passaram na validação depois de várias tentativas.",
			"Conferir os dados cadastrais com o cliente e concluir o cadastro."
	case domain.HandoffAgentFailure:
		return "O assistente virtual não conseguiu responder ao cliente.", takeOver
	case domain.HandoffOperatorTakeover:
		return "Um atendente assumiu a conversa.", takeOver
	}
	switch s.State {
	case domain.StateCompleted:
		if s.ServiceIdentified != "" {
			return "Cadastro concluído.", "Enviar ao cliente a proposta de " + string(s.ServiceIdentified) + "."
		}
		return "Cadastro concluído.", "Entrar em contato com o cliente com a proposta."
	}
	return "Conversa em andamento.", "Acompanhar a conversa."
}
