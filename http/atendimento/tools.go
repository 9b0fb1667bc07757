package atendimento

// toolsView is what the conversation page's tools (templates/tools.html)
// show: the approved templates, offered once the window has closed.
type toolsView struct {
	Templates []templateView
}

// templateView is one template in the page's list: its parameter count
// tells the script how many fields to ask for.
type templateView struct {
	Name     string
	Language string
	Body     string
	Params   int
}

func (c *Console) toolsView() toolsView {
	v := toolsView{Templates: make([]templateView, 0, len(c.cfg.Templates))}
	for _, t := range c.cfg.Templates {
		v.Templates = append(v.Templates, templateView{Name: t.Name, Language: t.Language, Body: t.Body, Params: t.Params()})
	}
	return v
}
