package emulator

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	sestypes "github.com/aws/aws-sdk-go-v2/service/sesv2/types"
	"github.com/google/uuid"
)

// Email is one e-mail as a notifier sends it.
type Email struct {
	// ID is the message ID the mailer assigned, as SES returns one.
	ID      string
	From    string
	To      []string
	Cc      []string
	Bcc     []string
	Subject string
	// Text and HTML are the bodies; either may be empty.
	Text string
	HTML string
	// Template names a stored template of a templated send; Raw holds the
	// MIME message of a raw send.
	Template string
	Raw      []byte
	SentAt   time.Time
}

// Mailer sends e-mail. Implementations are safe for concurrent use.
type Mailer interface {
	// Send delivers e and returns the message ID assigned to it.
	Send(ctx context.Context, e Email) (string, error)
}

// MemoryMailer is the simulated context's mailer: it records every e-mail
// instead of sending it, keeping the last MemoryMailerCapacity. It is a
// Mailer, and it answers SES v2's SendEmail, so an SES notifier that declares
// just that call (an AWS client is declared by the calls it makes) runs
// against it unchanged. It is
// safe for concurrent use.
type MemoryMailer struct {
	now func() time.Time

	mu   sync.Mutex
	sent []Email
}

var _ Mailer = (*MemoryMailer)(nil)

// MemoryMailerCapacity bounds the e-mails a MemoryMailer keeps, so a long
// emulator session does not grow without end.
const MemoryMailerCapacity = 1000

// NewMemoryMailer returns an empty mailer.
func NewMemoryMailer() *MemoryMailer { return &MemoryMailer{now: time.Now} }

// ErrInvalidEmail is what Send returns for an e-mail SES would reject: no
// sender, no recipient, or no content.
var ErrInvalidEmail = errors.New("emulator: invalid e-mail")

// Send implements Mailer: it checks e as SES would and records it.
func (m *MemoryMailer) Send(ctx context.Context, e Email) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	switch {
	case strings.TrimSpace(e.From) == "" && e.Raw == nil:
		return "", errors.Join(ErrInvalidEmail, errors.New("no sender"))
	case len(e.To)+len(e.Cc)+len(e.Bcc) == 0 && e.Raw == nil:
		return "", errors.Join(ErrInvalidEmail, errors.New("no recipient"))
	case e.Subject == "" && e.Text == "" && e.HTML == "" && e.Template == "" && e.Raw == nil:
		return "", errors.Join(ErrInvalidEmail, errors.New("no content"))
	}
	e.ID = uuid.NewString()
	e.SentAt = m.now().UTC()
	e.To, e.Cc, e.Bcc, e.Raw = slices.Clone(e.To), slices.Clone(e.Cc), slices.Clone(e.Bcc), slices.Clone(e.Raw)
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.sent) == MemoryMailerCapacity {
		m.sent = slices.Delete(m.sent, 0, 1)
	}
	m.sent = append(m.sent, e)
	return e.ID, nil
}

// Sent returns copies of the recorded e-mails, oldest first.
func (m *MemoryMailer) Sent() []Email {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]Email, len(m.sent))
	for i, e := range m.sent {
		e.To, e.Cc, e.Bcc, e.Raw = slices.Clone(e.To), slices.Clone(e.Cc), slices.Clone(e.Bcc), slices.Clone(e.Raw)
		out[i] = e
	}
	return out
}

// SendEmail answers SES v2's SendEmail from the simulated context: simple,
// raw and templated content are recorded as an Email. Input SES would refuse
// fails with *sestypes.BadRequestException, as SES does.
func (m *MemoryMailer) SendEmail(ctx context.Context, in *sesv2.SendEmailInput, _ ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error) {
	if in == nil || in.Content == nil {
		return nil, badRequest("Content is required")
	}
	e := Email{From: aws.ToString(in.FromEmailAddress)}
	if d := in.Destination; d != nil {
		e.To, e.Cc, e.Bcc = d.ToAddresses, d.CcAddresses, d.BccAddresses
	}
	switch c := in.Content; {
	case c.Simple != nil:
		e.Subject = contentData(c.Simple.Subject)
		if b := c.Simple.Body; b != nil {
			e.Text, e.HTML = contentData(b.Text), contentData(b.Html)
		}
	case c.Raw != nil:
		e.Raw = c.Raw.Data
	case c.Template != nil:
		e.Template = aws.ToString(c.Template.TemplateName)
		if e.Template == "" {
			e.Template = aws.ToString(c.Template.TemplateArn)
		}
	}
	id, err := m.Send(ctx, e)
	if errors.Is(err, ErrInvalidEmail) {
		return nil, badRequest(err.Error())
	}
	if err != nil {
		return nil, err
	}
	return &sesv2.SendEmailOutput{MessageId: aws.String(id)}, nil
}

func contentData(c *sestypes.Content) string {
	if c == nil {
		return ""
	}
	return aws.ToString(c.Data)
}

func badRequest(msg string) error {
	return &sestypes.BadRequestException{Message: aws.String(msg)}
}
