package atendimento

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

func (c *Console) toolsView(operator string) toolsView {
	v := toolsView{Templates: make([]templateView, 0, len(c.cfg.Templates)), Operators: c.transferTargets(operator)}
	for _, t := range c.cfg.Templates {
		v.Templates = append(v.Templates, templateView{Name: t.Name, Language: t.Language, Body: t.Body, Params: t.Params()})
	}
	return v
}

// transferTargets are the operators a conversation can be handed to: every
// one but operator.
func (c *Console) transferTargets(operator string) []string {
	out := make([]string, 0, len(c.operators))
	for _, op := range c.operators {
		if op != operator {
			out = append(out, op)
		}
	}
	return out
}
