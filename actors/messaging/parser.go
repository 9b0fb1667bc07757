package messaging

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
)

// ParserConfig configures a Parser.
type ParserConfig struct {
	// Instances are the configured brand instances (MESSAGING_INSTANCES). The
	// first is the default instance of every platform message and of internal
	// payloads that name none; there is no mapping from phone_number_id to
	// another instance. Required.
	Instances []string
	// Now is the clock for missing timestamps; default time.Now.
	Now func() time.Time
	// NewID makes the provider_message_id of internal payloads without one;
	// default a random UUID.
	NewID func() string
}

func (c *ParserConfig) setDefaults() {
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.NewID == nil {
		c.NewID = uuid.NewString
	}
}

// Validate reports a configuration the parser cannot work with.
func (c ParserConfig) Validate() error {
	if len(c.Instances) == 0 {
		return errors.New("messaging: parser needs at least one instance")
	}
	for i, inst := range c.Instances {
		if inst == "" {
			return fmt.Errorf("messaging: instance %d is empty", i)
		}
		if slices.Contains(c.Instances[:i], inst) {
			return fmt.Errorf("messaging: instance %q listed twice", inst)
		}
	}
	return nil
}

// Parser turns internal payloads into inbound messages, and holds what a
// platform's webhook parser (cloudapi.Parser) shares with it: the instances
// and the clock.
// It holds only configuration, so one Parser is safe for concurrent use.
type Parser struct {
	cfg ParserConfig
}

// NewParser checks cfg and returns a Parser.
func NewParser(cfg ParserConfig) (*Parser, error) {
	cfg.setDefaults()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cfg.Instances = slices.Clone(cfg.Instances)
	return &Parser{cfg: cfg}, nil
}

// DefaultInstance is the instance of messages that name none.
func (p *Parser) DefaultInstance() string { return p.cfg.Instances[0] }

// Now is the parser's clock, for timestamps a payload lacks.
func (p *Parser) Now() time.Time { return p.cfg.Now() }
