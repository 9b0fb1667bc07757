package content_test

import (
	"fmt"
	"testing"

	"github.com/intake-runtime/intake/actors/conversation/content"
)

func TestCatalogueMatching(t *testing.T) {
	s, err := content.Open("")
	if err != nil {
		t.Fatal(err)
	}
	c := s.Catalogue()
	services := []struct {
		in, want string
	}{
		{"Pesquisa de Satisfação de Clientes", "Pesquisa de Satisfação de Clientes"},
		{"pesquisa de satisfacao de clientes", "Pesquisa de Satisfação de Clientes"},
		{"  PESQUISA DE SATISFAÇÃO DE CLIENTES. ", "Pesquisa de Satisfação de Clientes"},
		{"nps", "Pesquisa de Satisfação de Clientes"},
		{"Mystery Shopper", "Cliente Oculto"},
		{"analise de dados", "Análise de Dados e Dashboards"},
		{"focus-group", "Grupo Focal"},
		{"desenvolvimento de aplicativo", ""},
		{"", ""},
	}
	for _, tt := range services {
		got, ok := c.Service(tt.in)
		if ok != (tt.want != "") || got.Name != tt.want {
			t.Errorf("Service(%q) = %q, %v; want %q", tt.in, got.Name, ok, tt.want)
		}
	}
	if seg, ok := c.Segment("Pesquisa de Mercado"); !ok || seg.ID != "pesquisa" {
		t.Errorf("Segment by label = %+v, %v", seg, ok)
	}
	if _, ok := c.Segment("esportes"); ok {
		t.Error("unknown segment matched")
	}
	if in, ok := c.Intent("ORÇAMENTO"); !ok || in.ID != "orcamento" {
		t.Errorf("Intent = %+v, %v", in, ok)
	}
}

func ExampleFold() {
	fmt.Println(content.Fold("  Pesquisa de Satisfação — NPS!  "))
	// Output: pesquisa de satisfacao nps
}
