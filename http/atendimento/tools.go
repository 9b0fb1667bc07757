package atendimento

import (
	"context"

	"go.uber.org/zap"
)

// toolsView is what the conversation page's tools (templates/tools.html)
// show: the approved templates, offered once the window has closed, and
// the operators a held conversation can be transferred to.
type toolsView struct {
	Templates []templateView
	Operators []string
}

// templateView is one template in the page's list: its parameter count
// tells the script how many fields to ask for.
type templateView struct {
	Name     string
	Language string
	Body     string
	Params   int
}

func (c *Console) toolsView(ctx context.Context, operator string) toolsView {
	templates := c.templates()
	v := toolsView{Templates: make([]templateView, 0, len(templates)), Operators: c.transferTargets(ctx, operator)}
	for _, t := range templates {
		v.Templates = append(v.Templates, templateView{Name: t.Name, Language: t.Language, Body: t.Body, Params: t.Params()})
	}
	return v
}

// transferTargets are the operators a conversation can be handed to: every
// enabled one of the roster but operator. A roster that cannot be read
// offers nobody (the transfer itself still checks the record).
func (c *Console) transferTargets(ctx context.Context, operator string) []string {
	ops, err := c.operators.Active(ctx)
	if err != nil {
		c.log.Warn("operator roster not read; no transfer targets offered", zap.Error(err))
	}
	out := make([]string, 0, len(ops))
	for _, op := range ops {
		if op != operator {
			out = append(out, op)
		}
	}
	return out
}
