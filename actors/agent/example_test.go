package agent_test

import (
	"errors"
	"fmt"

	"github.com/intake-runtime/intake/actors/agent"
)

func ExampleParse() {
	raw := `{"s":1,"service":"Pesquisa de mercado","qualification_data":{"tema":"varejo"}} Ótimo! Qual é o seu nome completo?`
	p, err := agent.Parse(raw)
	if err != nil {
		fmt.Println("retry the call:", err)
		return
	}
	if err := p.Validate(); err != nil {
		fmt.Println("retry the call:", err)
		return
	}
	fmt.Println(p.S, p.JSONPart["service"], p.QualificationData()["tema"])
	fmt.Println(p.Message)
	// Output:
	// 1 Pesquisa de mercado varejo
	// Ótimo! Qual é o seu nome completo?
}

func ExampleParse_knowledgeRequest() {
	p, err := agent.Parse(`{"s":5,"packages":["pesquisa-varejo"],"qualification_data":{}}`)
	fmt.Println(p.S, p.RequiresText(), p.Message == "", err, p.Validate())
	// Output:
	// 5 false true <nil> <nil>
}

func ExampleParse_errors() {
	_, err := agent.Parse(`{"s":"1","qualification_data":{}} Olá`)
	fmt.Println(errors.Is(err, agent.ErrBadAction))
	_, err = agent.Parse(`Olá! Como posso ajudar?`)
	fmt.Println(errors.Is(err, agent.ErrNoJSON))
	// Output:
	// true
	// true
}
