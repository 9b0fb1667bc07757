package atendimento

import (
	"cmp"
	"context"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/locale"
)

// assignedTexts are the words of an automatic assignment (ASSIGNMENT=
// round_robin) not taken up yet: the operator it went to reads that it is
// theirs to take, the others whose it is.
var assignedTexts = locale.Catalogue{
	"assigned.yours": {PT: "Atribuída a você", EN: "Assigned to you"},
	"assigned.to":    {PT: "Atribuída a %s", EN: "Assigned to %s"},
	"assigned.hint":  {PT: "Assuma ou responda para ficar com ela.", EN: "Claim or answer it to keep it."},
}

// assignedText says whom a pending assignment went to, by name: "" when
// none is pending. names reads the roster's names once for a page, on its
// first use.
func (c *Console) assignedText(pending bool, assignedTo, operator string, names *rosterNames) string {
	switch {
	case !pending || assignedTo == "":
		return ""
	case assignedTo == operator:
		return c.locale.T("assigned.yours")
	}
	return c.locale.T("assigned.to", names.name(assignedTo))
}

// rosterNames are the roster's names, read once when first asked (a page
// view, never a customer's turn); an unreadable roster leaves the numbers as
// people type them.
type rosterNames struct {
	c     *Console
	ctx   context.Context
	names map[string]string
}

func (c *Console) rosterNames(ctx context.Context) *rosterNames {
	return &rosterNames{c: c, ctx: ctx}
}

func (n *rosterNames) name(phone string) string {
	if n.names == nil {
		n.names = map[string]string{}
		records, err := n.c.deps.Roster.List(n.ctx)
		if err != nil {
			n.c.log.Warn("operator names not read; the assignment shows the number", zap.Error(err))
		}
		for _, rec := range records {
			n.names[rec.Phone] = rec.Name
		}
	}
	return cmp.Or(n.names[phone], messaging.AsTyped(phone, n.c.cfg.DefaultCountry))
}
