package runtime_test

import (
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/dynamo"
)

// budgetScript is a script of the table budget: deliveries answered one
// after the other by a new phone, and the most its run may cost.
type budgetScript struct {
	name   string
	script [][]string
	maxWCU float64
}

// budgetScripts are the scripts docs/table-budget.md reports: one message,
// and a registration of four messages (greet, qualify, give the name, give
// e-mail and CPF) answered at the length a model answers with the
// production prompts.
//
// Issue 35 sets the goals at 20 and 100 write units, and both scripts are
// held to them: a change that costs more fails here.
var budgetScripts = []budgetScript{
	{"one message", [][]string{{registrationTexts[0]}}, 20},
	{"registration of 4", [][]string{{registrationTexts[0]}, {registrationTexts[1]}, {registrationTexts[2]}, {registrationTexts[3]}}, 100},
}

var registrationTexts = []string{
	"Olá, boa tarde! Vi o anúncio de vocês no Instagram e queria saber como funciona a pesquisa de satisfação para a minha rede de lojas.",
	"Temos 12 lojas de roupa na Grande São Paulo e queremos ouvir os clientes que compram nelas. O orçamento é de uns 20 mil e precisamos do resultado até março.",
	"Meu nome é Maria Aparecida da Silva Santos",
	"maria.santos@lojasexemplo.com.br, CPF 529.982.247-25",
}

// registrationAnswer answers as the production prompts make a model answer:
// the one-line JSON head (code, the data it learned) and a reply of a few
// sentences.
func registrationAnswer(_ int, users []string) string {
	last := ""
	if len(users) > 0 {
		last = users[len(users)-1]
	}
	switch {
	case strings.Contains(last, "12 lojas"):
		return `{"s":1,"qualification_data":{"porte":"12 lojas","setor":"varejo de moda","regiao":"Grande São Paulo","publico_alvo":"clientes das lojas","orcamento_estimado":"R$ 20 mil","prazo":"março"},"service":"Pesquisa de Satisfação","segment":"pesquisa","intent":"orcamento"} ` +
			`Perfeito! Pelo que você contou, a nossa Pesquisa de Satisfação é a indicada: ouvimos os clientes de cada uma das 12 lojas, comparamos as unidades entre si e entregamos um relatório com o que priorizar, dentro do prazo de março. ` +
			`Para preparar a proposta, preciso de alguns dados seus. Qual é o seu nome completo?`
	case strings.Contains(last, "Meu nome"):
		return `{"s":0,"cadastral_data":{"nome":"Maria Aparecida da Silva Santos"}} ` +
			`Obrigada, Maria! Agora preciso do seu e-mail e do seu CPF (ou do CNPJ da empresa) para registrar o pedido e enviar a proposta. ` +
			`Fique tranquila: usamos esses dados só para o seu atendimento, como manda a LGPD.`
	case strings.Contains(last, "CPF"):
		return `{"s":2,"cadastral_data":{"nome":"Maria Aparecida da Silva Santos","email":"maria.santos@lojasexemplo.com.br","cpf_cnpj":"529.982.247-25"}} ` +
			`Cadastro concluído, Maria! Registramos o seu pedido de Pesquisa de Satisfação para as 12 lojas. Uma pessoa da nossa equipe comercial vai analisar ` +
			`o que você contou e entrar em contato pelo e-mail maria.santos@lojasexemplo.com.br com a proposta em até dois dias úteis. Obrigada pela confiança!`
	}
	return `{"s":0,"qualification_data":{"assunto":"pesquisa de satisfação para rede de lojas","setor":"varejo"}} ` +
		`Boa tarde! Que bom que você nos procurou. Fazemos pesquisas de satisfação sob medida para redes de lojas: montamos o questionário, ouvimos os seus clientes ` +
		`e entregamos um relatório com o que melhorar em cada unidade. Para eu entender melhor: quantas lojas a sua rede tem, em quais cidades, e quem vocês querem ouvir?`
}

// tableBudgetRuns is how many new phones run each script: the figures are
// their mean.
const tableBudgetRuns = 3

// TestTableBudget is the budget of docs/table-budget.md, measured on
// DynamoDB Local as `serve` builds its table (CRM and ERP off): what one
// message and a registration of four messages cost, from the platform's
// deliveries to the replies' recorded send results, must stay under the
// scripts' ceilings. The log attributes the units to operations and items. With
// TABLE_BUDGET_WRITE=1 it writes the figures it measured into the page's
// table; otherwise the page's figures must match the measured ones within
// 10 %, so the page stays measured, not estimated.
func TestTableBudget(t *testing.T) {
	measured := make([]budgetRow, 0, len(budgetScripts))
	for _, sc := range budgetScripts {
		row, breakdown := measureScript(t, sc.script, tableBudgetRuns)
		row.name = sc.name
		t.Logf("%s: %d requests, %.1f WCU, %.1f RCU per run; by operation and item:%s", sc.name, row.requests, row.wcu, row.rcu, breakdown)
		if row.wcu > sc.maxWCU {
			t.Errorf("%s costs %.1f WCU, want at most %.0f", sc.name, row.wcu, sc.maxWCU)
		}
		measured = append(measured, row)
	}
	if os.Getenv("TABLE_BUDGET_WRITE") != "" {
		if err := writeBudget(budgetDoc, measured); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err := checkBudget(budgetDoc, measured); err != nil {
		t.Errorf("%v; run TABLE_BUDGET_WRITE=1 go test -run TestTableBudget ./runtime/ to record the figures", err)
	}
}

// measureScript runs script runs times, each on a new phone, against an
// application on DynamoDB Local and returns the mean cost of one run, with
// the ledger's attribution of it.
func measureScript(t *testing.T, script [][]string, runs int) (budgetRow, string) {
	client, name := newDynamoLocalTable(t, "budget")
	book := newLedger(client)
	probe := persistence.NewOutbox(dynamo.New(client, name)) // unbooked: the test's own reads
	app, sender := costApp(t, dynamo.New(book, name), registrationAnswer)
	ln := listen(t)
	defer running(t, app, ln)()
	httpClient := &http.Client{Timeout: 10 * time.Second}
	waitLedgerQuiet(book)
	book.reset()
	replies := 0
	for i := range runs {
		phone := fmt.Sprintf("55118%08d", i)
		for d, texts := range script {
			post(t, httpClient, "http://"+ln.Addr().String()+"/webhook", envelope(phone, fmt.Sprintf("b%d.%d", i, d), texts))
			replies++
			waitReplied(t, sender, probe, replies)
		}
	}
	waitLedgerQuiet(book)
	requests, wcu, rcu := book.totals()
	n := float64(runs)
	return budgetRow{requests: int((float64(requests) + n/2) / n), wcu: wcu / n, rcu: rcu / n}, book.report(runs)
}

// waitLedgerQuiet waits until no request was made for a while.
func waitLedgerQuiet(l *ledger) {
	last := -1
	for {
		time.Sleep(150 * time.Millisecond)
		n, _, _ := l.totals()
		if n == last {
			return
		}
		last = n
	}
}
