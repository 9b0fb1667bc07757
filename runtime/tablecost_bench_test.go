package runtime_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/actors/messaging"
	"github.com/intake-runtime/intake/internal/llmtest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/dynamo"
	"github.com/intake-runtime/intake/runtime"
)

// BenchmarkTurnTableCost measures what production pays DynamoDB for a
// conversation, from the platform's deliveries to the replies' recorded send
// results: table requests and the capacity units DynamoDB Local reports as
// consumed (ReturnConsumedCapacity). Each case is a script of deliveries, each
// answered before the next is sent: a single message, a burst of three in one
// envelope, and a four-message conversation that qualifies, collects and
// completes a registration. Background work (the recovery sweep, the sync job)
// is kept out of the count.
func BenchmarkTurnTableCost(b *testing.B) {
	cases := []struct {
		name   string
		script [][]string
	}{
		{"message", [][]string{{"oi"}}},
		{"burst of 3", [][]string{{"oi", "tudo bem?", "preciso de ajuda"}}},
		{"conversation of 4", [][]string{{"oi"}, {"quero uma pesquisa"}, {"meu nome é Maria Silva"}, {"maria@example.com, CPF 529.982.247-25"}}},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) { benchTableCost(b, tc.script) })
	}
}

// costAnswer is the model of the cost benchmark: it answers from the
// customer's last message, so the conversation takes the same path every
// time.
func costAnswer(_ int, users []string) string {
	last := ""
	if len(users) > 0 {
		last = users[len(users)-1]
	}
	switch {
	case strings.Contains(last, "pesquisa"):
		return `{"s":1,"service":"Pesquisa de mercado","segment":"pesquisa","intent":"contratar","qualification_data":{"tema":"varejo"}} Ótimo! Qual é o seu nome completo?`
	case strings.Contains(last, "CPF"):
		return `{"s":2,"qualification_data":{},"cadastral_data":{"nome":"Maria Silva","email":"maria@example.com","cpf_cnpj":"529.982.247-25"}} Cadastro concluído!`
	}
	return `{"s":0,"qualification_data":{}} Certo, pode continuar.`
}

// costApp is the application whose table requests are counted: the model
// answers by the customer's words, the turns flush fast, and no timed job
// (recovery sweep, sync) runs during a measurement.
func costApp(t testing.TB, table persistence.Table, answer func(call int, users []string) string) (*runtime.App, *messaging.Stub) {
	t.Helper()
	model := llmtest.NewServerByInput(t, answer)
	cfg := load(t, map[string]string{
		"LLM_API_KEY": "test-key", "LLM_BASE_URL": model.URL + "/v1", "LLM_MODEL": "test-model",
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false",
		"DEBOUNCE_WINDOW": "20ms", "DEBOUNCE_MAX_WAIT": "200ms",
		"RECOVERY_INTERVAL": "1h", "SYNC_INTERVAL": "1h",
	})
	sender := messaging.NewStub(zap.NewNop())
	app, err := runtime.New(context.Background(), cfg, zap.NewNop(), runtime.Options{Table: table, Sender: sender})
	if err != nil {
		t.Fatal(err)
	}
	return app, sender
}

func benchTableCost(b *testing.B, script [][]string) {
	client, name := newDynamoLocalTable(b, "turn-cost")
	usage := &dynamo.Usage{}
	probe := persistence.NewOutbox(dynamo.New(client, name)) // unmetered: the benchmark's own reads
	app, sender := costApp(b, dynamo.New(client, name).WithUsage(usage), costAnswer)
	ln := listen(b)
	defer running(b, app, ln)()
	httpClient := &http.Client{Timeout: 10 * time.Second}
	waitTableQuiet(usage)
	usage.Reset()
	b.ResetTimer()
	replies := 0
	for i := range b.N {
		phone := fmt.Sprintf("55119%08d", i)
		for d, texts := range script {
			post(b, httpClient, "http://"+ln.Addr().String()+"/webhook", envelope(phone, fmt.Sprintf("%d.%d", i, d), texts))
			replies++
			waitReplied(b, sender, probe, replies)
		}
	}
	b.StopTimer()
	waitTableQuiet(usage)
	got := usage.Snapshot()
	runs := float64(b.N)
	b.ReportMetric(float64(got.TotalRequests())/runs, "requests/op")
	b.ReportMetric(got.WriteCapacityUnits/runs, "WCU/op")
	b.ReportMetric(got.ReadCapacityUnits/runs, "RCU/op")
	ops := make([]string, 0, len(got.Requests))
	for op, n := range got.Requests {
		ops = append(ops, fmt.Sprintf("%s %.1f", op, float64(n)/runs))
	}
	b.Logf("requests per run of the script by operation: %s", strings.Join(ops, ", "))
}

// envelope is one platform delivery of text messages from phone.
func envelope(phone, id string, texts []string) string {
	var msgs []string
	for m, text := range texts {
		msgs = append(msgs, fmt.Sprintf(`{"from":"%s","id":"wamid.cost.%s.%d","timestamp":"%d","type":"text","text":{"body":%q}}`,
			phone, id, m, time.Now().Unix(), text))
	}
	return `{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[{"field":"messages","value":{` +
		`"messaging_product":"whatsapp","metadata":{"phone_number_id":"PNID"},"messages":[` + strings.Join(msgs, ",") + `]}}]}]}`
}

func post(b testing.TB, c *http.Client, url, body string) {
	res, err := c.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		b.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		b.Fatalf("webhook answered %d", res.StatusCode)
	}
}

// waitReplied waits until the platform received n replies in all and none
// is waiting for its send result.
func waitReplied(b testing.TB, sender *messaging.Stub, outbox *persistence.Outbox, n int) {
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if len(sender.Sends()) >= n {
			if unsent, err := outbox.Unfinished(context.Background(), time.Time{}); err == nil && len(unsent) == 0 {
				return
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
	b.Fatalf("turn %d not answered in time", n)
}

// waitTableQuiet waits until no request was made for a while: the work of
// the start (recovery sweep) or of the last turn is over.
func waitTableQuiet(u *dynamo.Usage) {
	last := int64(-1)
	for {
		time.Sleep(100 * time.Millisecond)
		n := u.Snapshot().TotalRequests()
		if n == last {
			return
		}
		last = n
	}
}
