package atendimento

import (
	"context"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
)

// operatorNames names operators on the console's pages: the roster's name,
// else the number the way people type it ("(11) 98888-7777"), never the
// stored "+55…".
type operatorNames struct {
	names   map[string]string
	country string
}

// operatorNames reads the roster's names through the console's cached
// roster: no table read per page beyond one per roster TTL.
func (c *Console) operatorNames(ctx context.Context) operatorNames {
	names, err := c.operators.Names(ctx)
	if err != nil {
		c.log.Warn("operator names not read; the pages show numbers", zap.Error(err))
	}
	return operatorNames{names: names, country: c.cfg.DefaultCountry}
}

// of is how the pages name the operator at phone; "" for nobody.
func (n operatorNames) of(phone string) string {
	if phone == "" {
		return ""
	}
	if name := n.names[phone]; name != "" {
		return name
	}
	return messaging.AsTyped(phone, n.country)
}
