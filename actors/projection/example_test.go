package projection_test

import (
	"encoding/json"
	"fmt"

	"github.com/intake-runtime/intake/actors/projection"
	"github.com/intake-runtime/intake/actors/projection/crm"
	"github.com/intake-runtime/intake/actors/projection/erp"
)

// The clients implement the interfaces the package uses.
var (
	_ projection.CRM = (*crm.Client)(nil)
	_ projection.ERP = (*erp.Client)(nil)
	_ projection.ERP = (*erp.Stub)(nil)
)

func ExampleBuildCustomerPayload() {
	payload, err := projection.BuildCustomerPayload(map[string]any{
		"nome":     "Padaria Sol Ltda",
		"cpf_cnpj": "11.222.333/0001-81",
		"email":    "contato@padariasol.com.br",
		"cidade":   "Campinas", // collected, not sent to the ERP
	})
	if err != nil {
		panic(err)
	}
	out, _ := json.Marshal(payload)
	fmt.Println(string(out))

	_, err = projection.BuildCustomerPayload(map[string]any{"email": "a@b.c"})
	fmt.Println(err)
	// Output:
	// {"cpfcnpj":"11222333000181","emails":["contato@padariasol.com.br"],"nome":"Padaria Sol Ltda","tipo":["cliente"]}
	// projection: build customer payload: projection: cadastral data has no nome
}

func ExampleQualificationText() {
	fmt.Println(projection.QualificationText(map[string]any{"prazo": "30 dias", "amostra": 400, "assunto": "padarias"}))
	// Output:
	// amostra=400; assunto=padarias; prazo=30 dias
}
