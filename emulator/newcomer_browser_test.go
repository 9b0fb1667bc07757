package emulator_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/intake-runtime/intake/emulator"
	"github.com/intake-runtime/intake/internal/browsertest"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/runtime"
	"github.com/intake-runtime/intake/runtime/logging"
)

// newcomerShots is where TestNewcomersFirstHour writes a screenshot of each
// step, under the ignored test-artifacts/ folder.
const newcomerShots = "test-artifacts/newcomer"

// TestNewcomersFirstHour walks a fresh emulator (no key, no credentials: the
// demo model and the local stubs) in headless Chromium, as a newcomer would:
// a qualification, a registration with an invalid then a valid CPF, the
// completion with its CRM and ERP stub effects on the dashboard; then a
// second phone asks for a person, the development operator logs in to
// /atendimento with the code the page shows, claims the conversation and
// replies, and the dashboard's chat shows that reply after a reload.
//
// Two settings differ from an empty environment: a temporary CONTENT_DIR
// (the default is ./content) and SYNC_INTERVAL=1s, so the sync job's CRM and
// ERP effects appear within the step's time rather than after 30 seconds.
// UPDATE_SCREENSHOT=1 also writes the completed registration to
// docs/dashboard.png, which the README shows.
func TestNewcomersFirstHour(t *testing.T) {
	chromium := browsertest.Chromium(t)
	leaktest.Check(t)
	emu, base := startFreshEmulator(t)
	b := browsertest.New(t, chromium)
	root := browsertest.ModuleRoot(t)
	shot := func(name string) {
		b.Screenshot(filepath.Join(root, newcomerShots, name+".png"),
			chromedp.Evaluate[chromedp.Void](`document.activeElement && document.activeElement.blur()`))
	}
	lastBot := `#transcript li.msg.bot:last-child`

	b.Step("open the dashboard",
		chromedp.Navigate(base+"/"),
		browsertest.WaitForText(`#chat-model`, "demo model, offline: set LLM_API_KEY for a real one"),
		browsertest.WaitForText(`#chat-status`, "live"),
	)
	shot("01-dashboard")

	b.Step("qualify",
		browsertest.Say("Oi, bom dia"),
		browsertest.WaitForText(lastBot, "Com qual destes serviços posso ajudar?"),
		browsertest.Say("Quero uma pesquisa de satisfação com os meus clientes"),
		browsertest.WaitForText(lastBot, "Pesquisa de Satisfação de Clientes atende isso"),
		browsertest.WaitForText(`#session-state`, "DATA_COLLECT"),
	)
	shot("02-qualified")

	b.Step("register with an invalid CPF, told at once",
		browsertest.Say("Maria Souza"),
		browsertest.WaitForText(lastBot, "CPF"),
		browsertest.Say("123.456.789-00"),
		browsertest.WaitForText(lastBot, "Não consegui validar o CPF"),
		browsertest.WaitForText(`#session-body`, "validation retries"),
	)
	shot("03-invalid-cpf")

	b.Step("correct the CPF and complete",
		browsertest.Say("Desculpe, o certo é 529.982.247-25"),
		browsertest.WaitForText(lastBot, "e-mail"),
		browsertest.Say("maria@padariasol.com.br"),
		browsertest.WaitForText(lastBot, "cidade"),
		browsertest.Say("moro em Campinas"),
		browsertest.WaitForText(lastBot, "Cadastro concluído"),
		browsertest.WaitForText(`#session-state`, "COMPLETED"),
	)
	shot("04-completed")

	b.Step("see the CRM and ERP stubs' effects",
		browsertest.WaitForText(`#session-body`, "SYNCED"),
		browsertest.WaitForText(`#session-body`, "stub-contact-1"),
		browsertest.WaitForText(`#session-body`, "stub-deal-1"),
		browsertest.WaitForText(`#session-body`, "stub-1"), // the ERP customer
	)
	shot("05-crm-erp")
	if os.Getenv("UPDATE_SCREENSHOT") == "1" {
		b.Screenshot(filepath.Join(root, "docs", "dashboard.png"), chromedp.MouseEvent(chromedp.MouseMoved, 640, 790))
	}

	const person = "+5511977776666"
	b.Step("a second phone asks for a person",
		chromedp.SetValue(chromedp.CSS(`#phone`), person),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#phone').dispatchEvent(new Event('change'))`),
		browsertest.Say("Quero falar com um atendente"),
		browsertest.WaitForText(lastBot, "Vou transferir você para um atendente"),
		browsertest.WaitForText(`#session-state`, "HANDOFF"),
	)
	shot("06-handoff")
	handedOff, err := persistence.NewSessions(emu.App().Table()).Active(context.Background(), person)
	if err != nil {
		t.Fatal(err)
	}

	b.Step("the operator asks for a code",
		chromedp.Navigate(base+"/atendimento"),
		chromedp.WaitVisible(chromedp.CSS(`#dev-codes`)),
		chromedp.SendKeys(chromedp.CSS(`#phone`), emulator.DevOperator),
		chromedp.Click(chromedp.CSS(`#send-code`)),
		chromedp.WaitVisible(chromedp.CSS(`#shown-code`)),
	)
	shot("07-login-code")
	code := b.String(`document.querySelector('#shown-code').textContent`)
	row := fmt.Sprintf(`tr[data-session-id=%q]`, handedOff.SessionID)
	const hello = "Olá! Sou a Ana, do atendimento. Como posso ajudar?"
	b.Step("log in, claim and reply",
		chromedp.SendKeys(chromedp.CSS(`#code`), code),
		chromedp.Click(chromedp.CSS(`#verify`)),
		chromedp.WaitVisible(chromedp.CSS(row)),
		chromedp.Click(chromedp.CSS(row+" button.claim")),
		chromedp.WaitVisible(chromedp.CSS(`#reply`)),
		chromedp.SendKeys(chromedp.CSS(`#text`), hello),
		chromedp.Click(chromedp.CSS(`#send`)),
		chromedp.WaitVisible(chromedp.CSS(`#messages li.operator`)),
	)
	shot("08-operator-replied")

	b.Step("the dashboard's chat shows the reply after a reload",
		chromedp.Navigate(base+"/"),
		chromedp.SetValue(chromedp.CSS(`#phone`), person),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#phone').dispatchEvent(new Event('change'))`),
		browsertest.WaitForText(lastBot, hello),
		browsertest.WaitForText(lastBot, "operator "+emulator.DevOperator),
		browsertest.WaitForText(`#session-state`, "HUMAN"),
	)
	shot("09-chat-after-reload")
}

// startFreshEmulator runs the emulator of an empty environment (see
// TestNewcomersFirstHour for the two settings it adds) on 127.0.0.1 with the
// dashboard's log ring, and stops it at cleanup.
func startFreshEmulator(t *testing.T) (*emulator.Emulator, string) {
	t.Helper()
	cfg := load(t, map[string]string{"CONTENT_DIR": t.TempDir(), "SYNC_INTERVAL": "1s"}, nil)
	logger, ring, err := logging.New(logging.Options{Output: io.Discard})
	if err != nil {
		t.Fatal(err)
	}
	emu, err := emulator.New(context.Background(), cfg, runtime.WithLogRing(logger, ring))
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		_ = emu.Close()
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- emu.Run(ctx, ln) }()
	t.Cleanup(func() {
		stop()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("the emulator did not stop cleanly: %v", err)
			}
		case <-time.After(30 * time.Second):
			t.Error("the emulator did not stop within 30 seconds")
		}
	})
	return emu, "http://" + ln.Addr().String()
}
