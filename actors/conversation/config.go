package conversation

import (
	"errors"
	"strings"
	"time"

	"github.com/intake-runtime/intake/businesshours"
)

// Config holds the conversation rules' limits and the texts the bot sends
// when it cannot trust the model's own text. Texts are Portuguese: customers
// are Brazilian.
type Config struct {
	// MaxEnrichments bounds the knowledge injections (s=5) of one customer
	// turn (MAX_CONTEXT_ENRICHMENTS). It is the only bound: the session
	// actor injects what the engine grants, which counts the turn's
	// injections in context_enrichment_count. Zero means the default, 2
	// (setDefaults): a turn cannot be configured to refuse every knowledge
	// request, which would answer each s=5 with the fallback text.
	MaxEnrichments int
	// MaxValidationFailures is the number of failed registration validations
	// (retry_count) at which the conversation goes to a person with
	// VALIDATION_FAILED instead of asking again. Default 3.
	MaxValidationFailures int
	// FallbackText is sent instead of a model answer that failed, could not
	// be parsed or broke the conversation contract; a person takes over
	// (AGENT_FAILURE).
	FallbackText string
	// RetryText is sent when registration data failed validation: the model's
	// own text may claim success, so it is never used then. "{campos}" is
	// replaced by the invalid fields ("o CPF/CNPJ e o e-mail").
	RetryText string
	// ValidationHandoffText is sent when the last allowed validation failed
	// and a person takes over (VALIDATION_FAILED).
	ValidationHandoffText string
	// EnrichmentFallbackText is sent when the model keeps asking for knowledge
	// past the per-turn bound: the conversation goes on, unanswered question
	// acknowledged.
	EnrichmentFallbackText string
	// Hours is when people answer (BUSINESS_HOURS), the holder the owner's
	// edits of the hours replace; nil is always open.
	Hours *businesshours.Live
	// AfterHoursText follows the reply of a turn that enters the operators'
	// queue while the business is closed; "{quando}" is replaced by the next
	// opening in words ("amanhã às 08:00"). The hours' own text, once the
	// owner saved one, replaces it.
	AfterHoursText string
	// Business is the business setting (name, greeting, farewell), the
	// holder the owner's edits replace; nil is the seed.
	Business *Business
	// CSATEnabled asks the customer, after the farewell of an operator's
	// close, the 1–5 satisfaction question (CSAT_ENABLED).
	CSATEnabled bool
	// CSATQuestion and CSATThanks are the question and the thanks for its
	// answer; their defaults are DefaultCSATQuestion and DefaultCSATThanks.
	CSATQuestion, CSATThanks string
	// ReopenWindow is how long after an operator's close a customer who
	// writes goes back to that operator's conversation instead of a new
	// session (REOPEN_WINDOW); 0 never reopens.
	ReopenWindow time.Duration
}

func (c *Config) setDefaults() {
	if c.MaxEnrichments == 0 {
		c.MaxEnrichments = 2
	}
	if c.MaxValidationFailures == 0 {
		c.MaxValidationFailures = 3
	}
	if c.FallbackText == "" {
		c.FallbackText = "Desculpe, tive um problema para responder agora. Já chamei um atendente da nossa equipe, que vai continuar o seu atendimento por aqui."
	}
	if c.RetryText == "" {
		c.RetryText = "Não consegui validar {campos}. Pode conferir e me enviar de novo, por favor?"
	}
	if c.ValidationHandoffText == "" {
		c.ValidationHandoffText = "Não consegui validar os seus dados. Vou pedir para um atendente da nossa equipe conferir com você por aqui."
	}
	if c.CSATQuestion == "" {
		c.CSATQuestion = DefaultCSATQuestion
	}
	if c.CSATThanks == "" {
		c.CSATThanks = DefaultCSATThanks
	}
	if c.AfterHoursText == "" {
		c.AfterHoursText = DefaultAfterHoursText
	}
	if c.EnrichmentFallbackText == "" {
		c.EnrichmentFallbackText = "Não encontrei essa informação agora. Vou registrar a sua dúvida para o consultor responder; enquanto isso, podemos seguir com o seu atendimento?"
	}
}

// Validate reports every invalid field.
func (c Config) Validate() error {
	var errs []error
	if c.MaxEnrichments < 0 {
		errs = append(errs, errors.New("conversation: MaxEnrichments must not be negative"))
	}
	if c.MaxValidationFailures < 1 {
		errs = append(errs, errors.New("conversation: MaxValidationFailures must be at least 1"))
	}
	if c.ReopenWindow < 0 {
		errs = append(errs, errors.New("conversation: ReopenWindow must not be negative"))
	}
	if !strings.Contains(c.RetryText, "{campos}") {
		errs = append(errs, errors.New("conversation: RetryText must contain {campos}, to tell the customer what was invalid"))
	}
	if !strings.Contains(c.AfterHoursText, "{quando}") {
		errs = append(errs, errors.New("conversation: AfterHoursText must contain {quando}, to tell the customer when a person will reply"))
	}
	for _, text := range []struct{ name, value string }{
		{"FallbackText", c.FallbackText},
		{"ValidationHandoffText", c.ValidationHandoffText},
		{"EnrichmentFallbackText", c.EnrichmentFallbackText},
	} {
		if strings.TrimSpace(text.value) == "" {
			errs = append(errs, errors.New("conversation: "+text.name+" must not be blank"))
		}
	}
	return errors.Join(errs...)
}
