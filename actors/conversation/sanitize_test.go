package conversation_test

import (
	"reflect"
	"testing"

	"github.com/intake-runtime/intake/domain"
)

// Markup and control characters in what the model reports are gone before
// anything is stored or projected to the CRM and the ERP.
func TestCollectedFieldsAreStrippedOfMarkupAndControls(t *testing.T) {
	e := newEngine(t)
	s := sessionIn(domain.StateDataCollect)
	raw := `{"s":0,` +
		`"cadastral_data":{"nome":"<img src=x onerror=alert(1)>Maria","cidade":"Campi\u0000nas\u0085",` +
		`"endereco":"Rua A, 10\napto 2\tfundos","<b>cep</b>":"13083-970","estado":"<script>","cpf_cnpj":"<i>529.982.247-25</i>"},` +
		`"qualification_data":{"porte":"nota <5 e >3 lojas","<<b>img src=x onerror=alert(1)>":"x",` +
		`"canais":["<a href=javascript:alert(1)>loja</a>","site\u001b[31m"],"obs":{"<!-- c -->k":"<svg onload=alert(1)"}}}` +
		` Obrigado! Qual é o seu e-mail?`
	out := e.Apply(input(s, "meus dados"), parse(t, raw))
	wantCadastral := map[string]any{
		"nome": "Maria", "cidade": "Campinas", "endereco": "Rua A, 10 apto 2 fundos", "cep": "13083-970",
		"cpf_cnpj": "52998224725",
	}
	if !reflect.DeepEqual(out.Session.CadastralData, wantCadastral) {
		t.Errorf("cadastral_data = %#v\nwant %#v", out.Session.CadastralData, wantCadastral)
	}
	wantQualification := map[string]any{
		"assunto": s.QualificationData["assunto"], "porte": "nota <5 e >3 lojas",
		"canais": []any{"loja", "site[31m"}, "obs": map[string]any{"k": ""},
	}
	if !reflect.DeepEqual(out.Session.QualificationData, wantQualification) {
		t.Errorf("qualification_data = %#v\nwant %#v", out.Session.QualificationData, wantQualification)
	}
}
