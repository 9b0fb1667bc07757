package conversation

import (
	"strings"
	"sync/atomic"
	"time"

	"github.com/intake-runtime/intake/domain"
)

// The seed of the business setting, until the owner saves one in /admin.
const (
	DefaultGreeting = "Olá! Obrigado por entrar em contato. Como posso ajudar?"
	DefaultFarewell = "Obrigado pelo contato! Este atendimento foi encerrado. Se precisar de algo mais, é só escrever aqui."
	// DefaultAfterHoursText is Config.AfterHoursText's default, the seed
	// of the hours setting's message.
	DefaultAfterHoursText = "Estamos fora do horário de atendimento agora. Um atendente da nossa equipe vai responder {quando}."
)

// BusinessText is who the agents speak for: the business's name and the
// greeting they open a conversation with (both in their instructions), and
// the farewell a customer receives when an operator closes the
// conversation. A blank greeting or farewell says nothing.
type BusinessText struct {
	Name     string `json:"name"`
	Greeting string `json:"greeting"`
	Farewell string `json:"farewell"`
}

// SeedBusiness is the business setting before any edit: no name, the
// default greeting and farewell.
func SeedBusiness() BusinessText {
	return BusinessText{Greeting: DefaultGreeting, Farewell: DefaultFarewell}
}

// Business holds the business setting in force, replaced whole when the
// owner saves it. Its generation moves with each change, so the agents'
// cached instructions render again; reading it never touches the table.
type Business struct {
	current    atomic.Pointer[BusinessText]
	generation atomic.Uint64
}

// NewBusiness returns a holder with the seed in force.
func NewBusiness() *Business {
	b := &Business{}
	b.Set(SeedBusiness())
	return b
}

// Set puts t in force.
func (b *Business) Set(t BusinessText) {
	b.current.Store(&t)
	b.generation.Add(1)
}

// Current is the setting in force; a nil holder (an engine without the
// setting, as in tests) says nothing.
func (b *Business) Current() BusinessText {
	if b == nil {
		return BusinessText{}
	}
	return *b.current.Load()
}

func (b *Business) gen() uint64 {
	if b == nil {
		return 0
	}
	return b.generation.Load()
}

// businessSection is the conversational agents' part of the instructions
// on the business: its name and how to greet a customer at the start, or
// "" for neither. (The summarizer writes for operators with its own
// prompt alone.)
func businessSection(t BusinessText) string {
	name, greeting := strings.TrimSpace(t.Name), strings.TrimSpace(t.Greeting)
	if name == "" && greeting == "" {
		return ""
	}
	var b strings.Builder
	b.WriteString("## Empresa\n")
	if name != "" {
		b.WriteString("\nVocê atende em nome de " + name + ".")
	}
	if greeting != "" {
		b.WriteString("\nNa primeira resposta de uma conversa, cumprimente o cliente com esta saudação (adapte só o necessário para responder ao que ele escreveu): \"" + greeting + "\"")
	}
	return b.String()
}

// Farewell is the message a customer receives when an operator closes the
// conversation: the business's farewell, sent in the close's own commit
// through the outbox like every reply. None when the farewell is blank or
// the platform's 24-hour window is closed (a free text would be refused).
func (e *Engine) Farewell(history []domain.Message, now time.Time) *domain.Message {
	text := strings.TrimSpace(e.cfg.Business.Current().Farewell)
	if text == "" || !WindowAt(history, now).Open {
		return nil
	}
	// The business's own words: no operator signs them.
	return operatorMessage("", text, now)
}
