package domain_test

import (
	"fmt"

	"github.com/intake-runtime/intake/domain"
)

func ExampleSummaryText() {
	fmt.Println(domain.SummaryText("Cliente pediu orçamento."))
	fmt.Println(domain.SummaryText(domain.OperationalSummary{
		MotivoEncerramento: "fora do portfólio",
		PontosChave:        []string{"conserto de geladeira"},
	}))
	fmt.Printf("%q\n", domain.SummaryText(nil))
	// Output:
	// Cliente pediu orçamento.
	// fora do portfólio
	// - conserto de geladeira
	// ""
}
