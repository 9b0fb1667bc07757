package runtime_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/google/uuid"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/internal/leaktest"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/runtime"
)

// The people of the privacy run. Every number is a Brazilian mobile already
// in its canonical form, so the log can only hold it as written here or as
// its digits.
const (
	privacyHandoff    = "+5511987654321" // asks for a person
	privacyCPF        = "+5521976543210" // registers with a CPF
	privacyCNPJ       = "+5531965432109" // registers with a CNPJ
	privacyGarbage    = "+5541954321098" // the model answers garbage
	privacyRefused    = "+5551943210987" // the model names an unknown service
	privacyOperator   = "+5511970001001" // logs in, claims, sends, notes, transfers, closes
	privacyColleague  = "+5511970001002" // receives the transfer
	privacyUnreachble = "+5511970001099" // the platform refuses to text them

	privacyName      = "Joana Prudente Vasconcelos"
	privacyEmail     = "joana.vasconcelos@example.com"
	privacyCPFDoc    = "529.982.247-25"
	privacyCNPJDoc   = "11.222.333/0001-81"
	privacyNote      = "nota interna: cliente prefere ligação à tarde"
	privacyOperatorT = "Olá! Aqui é a equipe, vou cuidar do seu pedido."
)

// TestLogsHoldNoPersonalData runs conversations through the whole
// application with the logger at debug level — a handoff with operators
// texted (one unreachable), registrations synced to a CRM and an ERP that
// quote the refused values back, with a CPF and with a CNPJ, a
// model answering garbage and one naming an unknown service (fallback and
// AGENT_FAILURE handoff), every summary call failing, and an operator's
// console session (login with a code, claim, send, note, transfer, close) —
// and then reads the whole log: no customer's or operator's number (as
// E.164 or as digits), no CPF or CNPJ (with or without punctuation), no
// e-mail, no name and no text a customer or an operator wrote. Phones are
// logged masked (their last four digits), which the log must show too.
func TestLogsHoldNoPersonalData(t *testing.T) {
	leaktest.Check(t)
	var log syncBuffer
	core := zapcore.NewCore(zapcore.NewJSONEncoder(zap.NewProductionEncoderConfig()), &log, zap.DebugLevel)
	platform := newPrivacyPlatform(t)
	model := httptest.NewServer(http.HandlerFunc(privacyModel))
	defer model.Close()
	records := httptest.NewServer(http.HandlerFunc(echoRefusal))
	defer records.Close()
	cfg := load(t, map[string]string{
		"DEV_UI_ENABLED": "true", "LLM_API_KEY": "test-key", "LLM_BASE_URL": model.URL + "/v1", "LLM_MODEL": "test-model",
		"MESSAGING_CLOUD_ENABLED": "true", "MESSAGING_API_BASE_URL": platform.URL, "MESSAGING_PHONE_NUMBER_ID": "PNID_1",
		"MESSAGING_ACCESS_TOKEN": "test-token", "HANDOFF_NOTIFIER_ENABLED": "true",
		"OPERATOR_PHONES": strings.Join([]string{privacyOperator, privacyColleague, privacyUnreachble}, ","),
		"CRM_BASE_URL":    records.URL, "CRM_ACCESS_TOKEN": "crm-token", "ERP_BASE_URL": records.URL, "ERP_ACCESS_TOKEN": "erp-token",
		"SYNC_INTERVAL": "50ms",
		"ADMIN_API_KEY": "admin-key-for-tests-0123456789",
	})
	app, err := runtime.New(context.Background(), cfg, zap.New(core), runtime.Options{Table: memory.New()})
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- app.Run(ctx, listen(t)) }() // Run syncs the registrations to the CRM and ERP stubs
	defer func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("Run after stop: %v", err)
		}
	}()

	handoffSession := consoleChat(t, app, privacyHandoff, "Quero falar com uma pessoa, por favor").GetSessionId()
	for _, text := range []string{"quero uma pesquisa", "meu nome é " + privacyName, privacyEmail + ", CPF " + privacyCPFDoc} {
		consoleChat(t, app, privacyCPF, text)
	}
	for _, text := range []string{"quero uma pesquisa", "meu nome é " + privacyName, privacyEmail + ", CNPJ " + privacyCNPJDoc} {
		consoleChat(t, app, privacyCNPJ, text)
	}
	failedSession := consoleChat(t, app, privacyGarbage, "uma pergunta estranha").GetSessionId()
	consoleChat(t, app, privacyRefused, "quero um serviço que vocês não têm")

	console := privacyLogin(t, app, platform, privacyOperator)
	steps := []struct{ phone, session, action, body string }{
		{privacyHandoff, handoffSession, "claim", `{}`},
		{privacyHandoff, handoffSession, "send", jsonText("text", privacyOperatorT)},
		{privacyHandoff, handoffSession, "notes", jsonText("text", privacyNote)},
		{privacyHandoff, handoffSession, "transfer", jsonText("to", privacyColleague)},
		{privacyGarbage, failedSession, "claim", `{}`},
		{privacyGarbage, failedSession, "close", `{}`},
	}
	for _, s := range steps {
		target := "/atendimento/api/conversations/" + strings.TrimPrefix(s.phone, "+") + "/" + s.session + "/" + s.action
		res := do(t, app, "POST", target, strings.NewReader(s.body),
			map[string]string{"Content-Type": "application/json", "Cookie": atendimento.CookieName + "=" + console})
		if res.status >= 300 {
			t.Fatalf("%s on %s = %d %s", s.action, s.phone, res.status, res.body)
		}
	}

	// Every path whose line once held a phone has logged by now: the test
	// cannot pass on a log that never saw them.
	waitFor(t, "every line of the run", func() bool {
		text := log.String()
		for _, msg := range []string{
			`"turn"`, "operators told of the handoff", "operator not notified", "model answer unusable",
			"model answer refused by the conversation rules", "summary call failed", "operator logged in",
			"operator command applied", "messaging call failed",
		} {
			if !strings.Contains(text, msg) {
				return false
			}
		}
		return strings.Count(text, "projection synced") >= 2 // the CPF's and the CNPJ's
	})
	text := log.String()
	for _, p := range []string{privacyHandoff, privacyCPF, privacyCNPJ, privacyGarbage, privacyRefused, privacyOperator, privacyColleague, privacyUnreachble} {
		notInLog(t, text, "phone "+p, p, strings.TrimPrefix(p, "+"))
		if !strings.Contains(text, "…"+p[len(p)-4:]) {
			t.Errorf("no log line names %s masked (…%s)", p, p[len(p)-4:])
		}
	}
	notInLog(t, text, "CPF", privacyCPFDoc, digitsOf(privacyCPFDoc))
	notInLog(t, text, "CNPJ", privacyCNPJDoc, digitsOf(privacyCNPJDoc))
	notInLog(t, text, "e-mail", privacyEmail)
	notInLog(t, text, "name", privacyName, "Vasconcelos")
	notInLog(t, text, "texts", privacyNote, privacyOperatorT, "pergunta estranha")
}

// notInLog fails t for each of values found in the log text.
func notInLog(t *testing.T, text, what string, values ...string) {
	t.Helper()
	for _, v := range values {
		if i := strings.Index(text, v); i >= 0 {
			start := strings.LastIndexByte(text[:i], '\n') + 1
			end := i + strings.IndexByte(text[i:], '\n')
			t.Errorf("the log holds the %s %q:\n%s", what, v, text[start:end])
		}
	}
}

func digitsOf(s string) string { return regexp.MustCompile(`\D`).ReplaceAllString(s, "") }

func jsonText(key, value string) string {
	b, _ := json.Marshal(map[string]string{key: value})
	return string(b)
}

// privacyLogin logs operator in through the console with the code the
// platform carried, and returns the session cookie's value.
func privacyLogin(t *testing.T, app *runtime.App, platform *privacyPlatform, operator string) string {
	t.Helper()
	form := func(path string, v url.Values) *http.Response {
		req := httptest.NewRequest("POST", path, strings.NewReader(v.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		res, err := app.HTTP().Test(req, 10_000)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}
	form("/atendimento/login", url.Values{"phone": {operator}})
	var code string
	waitFor(t, "the login code", func() bool {
		code = platform.code(strings.TrimPrefix(operator, "+"))
		return code != ""
	})
	for _, c := range form("/atendimento/verify", url.Values{"phone": {operator}, "code": {code}}).Cookies() {
		if c.Name == atendimento.CookieName && c.Value != "" {
			return c.Value
		}
	}
	t.Fatal("no console session after the code")
	return ""
}

// echoRefusal is a CRM and an ERP that refuse every call quoting what they
// were sent, as a provider's validation error quotes the values it refused.
func echoRefusal(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	w.Header().Set("Content-Type", "application/json")
	if strings.HasSuffix(r.URL.Path, "/search") { // nothing found: the client sends the whole record
		_, _ = io.WriteString(w, `{"total":0,"results":[]}`)
		return
	}
	quoted, _ := json.Marshal(fmt.Sprintf("invalid values in %s %s", r.URL.RawQuery, body))
	w.WriteHeader(http.StatusBadRequest)
	fmt.Fprintf(w, `{"status":"error","message":%s}`, quoted)
}

// privacyModel answers from the customer's last message; every summary call
// fails, as a provider's outage would fail it.
func privacyModel(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Instructions string `json:"instructions"`
		Input        []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"input"`
	}
	_ = json.NewDecoder(r.Body).Decode(&req)
	w.Header().Set("Content-Type", "application/json")
	if strings.Contains(req.Instructions, "SUMMARIZER") {
		w.WriteHeader(http.StatusBadRequest)
		_, _ = io.WriteString(w, `{"error":{"message":"The request could not be processed.","type":"invalid_request_error"}}`)
		return
	}
	last := ""
	for _, in := range req.Input {
		if in.Role == "user" {
			last = in.Content
		}
	}
	answer := `{"s":0,"qualification_data":{}} Certo, pode continuar.`
	switch {
	case strings.Contains(last, "pessoa"):
		answer = `{"s":3,"qualification_data":{}} Vou chamar uma pessoa da equipe.`
	case strings.Contains(last, "pesquisa"):
		answer = `{"s":1,"service":"Pesquisa de mercado","segment":"pesquisa","intent":"contratar","qualification_data":{"tema":"varejo"}} Qual é o seu nome completo?`
	case strings.Contains(last, "CPF"):
		answer = fmt.Sprintf(`{"s":2,"qualification_data":{},"cadastral_data":{"nome":%q,"email":%q,"cpf_cnpj":%q}} Cadastro concluído!`, privacyName, privacyEmail, privacyCPFDoc)
	case strings.Contains(last, "CNPJ"):
		answer = fmt.Sprintf(`{"s":2,"qualification_data":{},"cadastral_data":{"nome":%q,"email":%q,"cpf_cnpj":%q}} Cadastro concluído!`, privacyName, privacyEmail, privacyCNPJDoc)
	case strings.Contains(last, "estranha"):
		answer = `isto não é uma resposta do contrato`
	case strings.Contains(last, "serviço"):
		answer = `{"s":1,"service":"Astrologia corporativa","qualification_data":{}} Claro!`
	}
	text, _ := json.Marshal(answer)
	fmt.Fprintf(w, `{"id":"resp_%s","object":"response","status":"completed","model":"test-model",`+
		`"output":[{"type":"message","role":"assistant","content":[{"type":"output_text","text":%s}]}],`+
		`"usage":{"input_tokens":12,"output_tokens":7,"total_tokens":19}}`, uuid.NewString(), text)
}

// privacyPlatform is the messaging platform: it records every text and
// refuses the unreachable operator with an error that echoes their number,
// as the platform's "recipient not in allowed list" does.
type privacyPlatform struct {
	*httptest.Server
	mu    sync.Mutex
	texts map[string][]string // by recipient's digits
}

func newPrivacyPlatform(t *testing.T) *privacyPlatform {
	p := &privacyPlatform{texts: map[string][]string{}}
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			To   string `json:"to"`
			Text struct {
				Body string `json:"body"`
			} `json:"text"`
		}
		_ = json.NewDecoder(r.Body).Decode(&body)
		w.Header().Set("Content-Type", "application/json")
		if "+"+body.To == privacyUnreachble {
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprintf(w, `{"error":{"message":"(#131030) Recipient phone number +%s not in allowed list","type":"OAuthException","code":131030}}`, body.To)
			return
		}
		p.mu.Lock()
		p.texts[body.To] = append(p.texts[body.To], body.Text.Body)
		p.mu.Unlock()
		_, _ = io.WriteString(w, `{"messages":[{"id":"wamid.`+uuid.NewString()+`"}]}`)
	}))
	t.Cleanup(p.Close)
	return p
}

// code is the login code texted to digits, "" before it arrives.
func (p *privacyPlatform) code(digits string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, text := range p.texts[digits] {
		if c := regexp.MustCompile(`\b\d{6}\b`).FindString(text); c != "" {
			return c
		}
	}
	return ""
}

// syncBuffer is the log's destination, written by many goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) Sync() error { return nil }

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
