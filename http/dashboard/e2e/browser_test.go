package e2e_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/actors/agent"
	"github.com/intake-runtime/intake/actors/agent/replay"
	"github.com/intake-runtime/intake/domain"
	"github.com/intake-runtime/intake/internal/browsertest"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime"
	"github.com/intake-runtime/intake/runtime/config"
	"github.com/intake-runtime/intake/runtime/logging"
)

// answers are what the replay model says, in order: the first three turns
// of the registers-new-customer recording, then the answer to the question
// asked after the knowledge edit.
var answers = []string{
	`{"s":0,"qualification_data":{"assunto":"pesquisa com clientes"}} Olá! Que bom falar com você. Essa pesquisa seria com os seus clientes atuais ou com o mercado em geral?`,
	`{"s":1,"qualification_data":{"empresa":"Padaria Sol","porte":"12 lojas"},"service":"pesquisa de satisfação","segment":"pesquisa","intent":"orcamento"} Perfeito, a nossa Pesquisa de Satisfação de Clientes atende exatamente isso. Qual é o seu nome completo e o seu e-mail?`,
	`{"s":0,"qualification_data":{},"cadastral_data":{"nome":"Ana Souza","email":"ana@padariasol.com.br"}} Obrigado, Ana! Qual é o CNPJ da empresa?`,
	`{"s":0,"qualification_data":{}} Sim, atendemos empresas de todo o Brasil. Qual é o CNPJ da empresa?`,
}

// editedTitle is the heading the test gives the "empresa" knowledge
// package; the catalogue section of every prompt lists package titles.
const editedTitle = "Quem somos (editado no dashboard)"

// recordingModel answers like the replay model and keeps every request.
type recordingModel struct {
	model agent.Model
	mu    sync.Mutex
	reqs  []agent.Request
}

func (m *recordingModel) Call(ctx context.Context, req agent.Request) (agent.LLMCallResult, error) {
	m.mu.Lock()
	m.reqs = append(m.reqs, req)
	m.mu.Unlock()
	return m.model.Call(ctx, req)
}

func (m *recordingModel) last() agent.Request {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.reqs) == 0 {
		return agent.Request{}
	}
	return m.reqs[len(m.reqs)-1]
}

// TestDashboardInTheBrowser drives the dashboard as a developer would: chat
// with the bot and watch its state, run every fixture, edit a knowledge
// package and see the next turn use it without a restart, and read the logs.
func TestDashboardInTheBrowser(t *testing.T) {
	chromium := browsertest.Chromium(t)
	leaktest.Check(t)
	model := &recordingModel{model: replay.New(answers)}
	base := startApp(t, model)
	b := browsertest.New(t, chromium)

	b.Step("load the page",
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(chromedp.CSS(`#transcript`)),
		browsertest.WaitFor(`document.querySelector('#log-status').dataset.state === 'on'`),
	)

	b.Step("chat and see the reply and the state",
		browsertest.Say("Oi, preciso de uma pesquisa com os meus clientes"),
		browsertest.WaitForText(`#transcript li.msg.bot:last-child`, "Essa pesquisa seria com os seus clientes atuais"),
		browsertest.WaitForText(`#session-state`, "QUALIFYING"),
		browsertest.Say("Com os clientes atuais. Quero medir o NPS das 12 lojas da Padaria Sol"),
		browsertest.WaitForText(`#transcript li.msg.bot:last-child`, "Pesquisa de Satisfação de Clientes atende"),
		browsertest.WaitForText(`#session-state`, "DATA_COLLECT"),
		// The strip shows every state, in the server's order, the current one on.
		browsertest.Expect("Array.from(document.querySelectorAll('#session-body .states span')).map((s) => s.textContent + (s.className === 'on' ? '*' : '')).join(' ')",
			statesLine(domain.StateDataCollect)),
		browsertest.WaitForText(`#session-body`, "Pesquisa de Satisfação de Clientes"),
		browsertest.WaitForText(`#session-body`, "Padaria Sol"),
		browsertest.Say("Ana Souza, ana@padariasol.com.br"),
		browsertest.WaitForText(`#transcript li.msg.bot:last-child`, "Obrigado, Ana!"),
		browsertest.WaitForText(`#session-body`, "ana@padariasol.com.br"),
	)

	b.Step("run every fixture and see them pass",
		chromedp.Click(chromedp.CSS(`[data-tab="fixtures"]`)),
		browsertest.WaitFor(`document.querySelectorAll('#fixture-list li[data-fixture]').length > 0`),
		chromedp.Click(chromedp.CSS(`#fixtures-run-all`)),
		browsertest.WaitFor(`document.querySelector('#fixture-summary').classList.contains('ok') || document.querySelector('#fixture-summary').classList.contains('bad')`),
		browsertest.Expect(`document.querySelector('#fixture-summary').className`, "summary ok"),
		browsertest.Expect(`document.querySelectorAll('#fixture-list .pill[data-state="pass"]').length === document.querySelectorAll('#fixture-list li[data-fixture]').length`, true),
	)

	b.Step("edit a knowledge package",
		chromedp.Click(chromedp.CSS(`[data-tab="knowledge"]`)),
		chromedp.Evaluate[chromedp.Void](`(() => { const s = document.querySelector('#knowledge-package'); s.value = 'empresa'; s.dispatchEvent(new Event('change')); })()`),
		// The tab's first read loads another package: wait for empresa's own
		// text, or its answer could land on the edit below.
		browsertest.WaitFor(`document.querySelector('#knowledge-content').dataset.package === 'empresa'`),
		chromedp.SetValue(chromedp.CSS(`#knowledge-content`), "# "+editedTitle+"\n\nAtendemos empresas de todo o Brasil, com equipes em São Paulo e no Recife.\n"),
		chromedp.Click(chromedp.CSS(`#knowledge-save`)),
		browsertest.WaitForText(`#knowledge-status.ok`, "no restart needed"),
	)

	b.Step("edit the catalogue: a missing package is refused, a valid edit saved and versioned",
		chromedp.Click(chromedp.CSS(`[data-tab="catalogue"]`)),
		browsertest.WaitFor(`document.querySelector('#catalogue-content').value.includes('services:')`),
		chromedp.Evaluate[chromedp.Void](`(() => { const t = document.querySelector('#catalogue-content'); t.value = t.value.replace('packages: [pesquisa-satisfacao,', 'packages: [nao-existe,'); })()`),
		chromedp.Click(chromedp.CSS(`#catalogue-save`)),
		browsertest.WaitForText(`#catalogue-status.bad`, "nao-existe"),
		chromedp.Evaluate[chromedp.Void](`(() => { const t = document.querySelector('#catalogue-content'); t.value = t.value.replace('packages: [nao-existe,', 'packages: [pesquisa-satisfacao,').replace('description: Mede a satisfação', 'description: Mede, com método, a satisfação'); })()`),
		chromedp.Click(chromedp.CSS(`#catalogue-save`)),
		browsertest.WaitForText(`#catalogue-status.ok`, "replaced version is kept"),
		browsertest.Expect(`document.querySelectorAll('#catalogue-version option').length`, 2),
	)

	b.Step("the next turn uses the edit",
		browsertest.Say("Vocês atendem fora de São Paulo?"),
		browsertest.WaitForText(`#transcript li.msg.bot:last-child`, "atendemos empresas de todo o Brasil"),
	)
	if got := model.last().Instructions; !strings.Contains(got, "empresa: "+editedTitle) {
		b.Fail("the next turn uses the edit", fmt.Errorf("the model request after the edit does not list the edited package; its instructions:\n%s", got))
	}

	b.Step("view the logs",
		chromedp.Click(chromedp.CSS(`[data-tab="logs"]`)),
		browsertest.WaitForText(`#log-list`, "knowledge package edited from the dashboard"),
		browsertest.WaitForText(`#log-list`, "fixtures replayed"),
	)
}

// startApp runs the whole application on 127.0.0.1 with a memory table, the
// messaging stub, a writable CONTENT_DIR, model as the model and a log ring,
// and stops it at cleanup.
func startApp(t *testing.T, model agent.Model) string {
	t.Helper()
	env := map[string]string{
		"DEV_UI_ENABLED": "true", "CONTENT_DIR": t.TempDir(),
		"MESSAGING_CLOUD_ENABLED": "false", "CRM_ENABLED": "false", "ERP_ENABLED": "false", "HANDOFF_NOTIFIER_ENABLED": "false",
	}
	cfg, err := config.Load(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err != nil {
		t.Fatal(err)
	}
	logger, ring, err := logging.New(logging.Options{Output: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	app, err := runtime.New(context.Background(), cfg, runtime.WithLogRing(logger, ring), runtime.Options{Table: memory.New(), Model: model})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		_ = app.Close()
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- app.Run(ctx, ln) }()
	t.Cleanup(func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("the application did not stop cleanly: %v", err)
		}
	})
	return "http://" + ln.Addr().String()
}

// statesLine is domain.States() as the dashboard's strip shows them, the
// current one marked with "*": the one list of states, not a copy.
func statesLine(current domain.SessionState) string {
	var names []string
	for _, s := range domain.States() {
		name := string(s)
		if s == current {
			name += "*"
		}
		names = append(names, name)
	}
	return strings.Join(names, " ")
}
