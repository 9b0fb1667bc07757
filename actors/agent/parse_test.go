package agent_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/intake-runtime/intake/actors/agent"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name    string
		raw     string
		s       int
		message string
		// json is the expected JSONPart, compared after a JSON round trip.
		json string
	}{
		{
			name:    "plain",
			raw:     `{"s":0,"qualification_data":{}} Olá! Como posso ajudar?`,
			message: "Olá! Como posso ajudar?",
			json:    `{"s":0,"qualification_data":{}}`,
		},
		{
			name:    "no space before the text",
			raw:     `{"s":0,"qualification_data":{}}Olá!`,
			message: "Olá!",
			json:    `{"s":0,"qualification_data":{}}`,
		},
		{
			name:    "leading whitespace and newlines",
			raw:     " \n\t{\"s\":1,\"qualification_data\":{}}\n\nQual é o seu nome?\n",
			s:       1,
			message: "Qual é o seu nome?",
			json:    `{"s":1,"qualification_data":{}}`,
		},
		{
			name:    "other keys kept",
			raw:     `{"s":1,"service":"Pesquisa de mercado","segment":"pesquisa","intent":"contratar","qualification_data":{"tema":"varejo"}} Ótimo! Qual é o seu nome completo?`,
			s:       1,
			message: "Ótimo! Qual é o seu nome completo?",
			json:    `{"s":1,"service":"Pesquisa de mercado","segment":"pesquisa","intent":"contratar","qualification_data":{"tema":"varejo"}}`,
		},
		{
			name:    "braces inside strings",
			raw:     `{"s":0,"qualification_data":{"nota":"use {chaves} e }fecha{"}} Anotado.`,
			message: "Anotado.",
			json:    `{"s":0,"qualification_data":{"nota":"use {chaves} e }fecha{"}}`,
		},
		{
			name:    "escaped quotes and backslashes",
			raw:     `{"s":0,"qualification_data":{"empresa":"Loja \"A\\\" {x}","c":"\\"}} Certo.`,
			message: "Certo.",
			json:    `{"s":0,"qualification_data":{"empresa":"Loja \"A\\\" {x}","c":"\\"}}`,
		},
		{
			name:    "nested objects and arrays",
			raw:     `{"s":2,"qualification_data":{"a":{"b":{"c":[1,{"d":"}"}]}}},"cadastral_data":{"nome":"Ana"}} Obrigado!`,
			s:       2,
			message: "Obrigado!",
			json:    `{"s":2,"qualification_data":{"a":{"b":{"c":[1,{"d":"}"}]}}},"cadastral_data":{"nome":"Ana"}}`,
		},
		{
			name:    "text containing braces",
			raw:     `{"s":0,"qualification_data":{}} Envie no formato {nome} } {`,
			message: "Envie no formato {nome} } {",
			json:    `{"s":0,"qualification_data":{}}`,
		},
		{
			name:    "text starting with a digit or a closing brace",
			raw:     `{"s":0,"qualification_data":{}}5 itens } ] ok`,
			message: "5 itens } ] ok",
			json:    `{"s":0,"qualification_data":{}}`,
		},
		{
			name:    "JSON-looking text after the object stays in the message",
			raw:     `{"s":0,"qualification_data":{}} {"s":9,"qualification_data":{}} fim`,
			message: `{"s":9,"qualification_data":{}} fim`,
			json:    `{"s":0,"qualification_data":{}}`,
		},
		{
			name:    "unicode and accents",
			raw:     `{"s":0,"qualification_data":{"cidade":"São João d'Aliança","obs":"\u00e7\u00e3o 😀"}} Perfeito, ação registrada 👍`,
			message: "Perfeito, ação registrada 👍",
			json:    `{"s":0,"qualification_data":{"cidade":"São João d'Aliança","obs":"ção 😀"}}`,
		},
		{
			name: "knowledge request without text",
			raw:  `{"s":5,"packages":["pesquisa-varejo"],"qualification_data":{}}`,
			s:    5,
			json: `{"s":5,"packages":["pesquisa-varejo"],"qualification_data":{}}`,
		},
		{
			name:    "qualification_data absent becomes empty",
			raw:     `{"s":3} Vou chamar um atendente.`,
			s:       3,
			message: "Vou chamar um atendente.",
			json:    `{"s":3,"qualification_data":{}}`,
		},
		{
			name:    "qualification_data null becomes empty",
			raw:     `{"s":0,"qualification_data":null} Ok.`,
			message: "Ok.",
			json:    `{"s":0,"qualification_data":{}}`,
		},
		{
			name:    "integral float s",
			raw:     `{"s":1.0,"qualification_data":{}} Ok.`,
			s:       1,
			message: "Ok.",
			json:    `{"s":1.0,"qualification_data":{}}`,
		},
		{
			name:    "exponent s",
			raw:     `{"s":9e0,"qualification_data":{}} Até logo.`,
			s:       9,
			message: "Até logo.",
			json:    `{"s":9,"qualification_data":{}}`,
		},
		{
			name:    "negative s parses; unknown codes are the caller's",
			raw:     `{"s":-1,"qualification_data":{}} ?`,
			s:       -1,
			message: "?",
			json:    `{"s":-1,"qualification_data":{}}`,
		},
		{
			name:    "long numbers keep every digit",
			raw:     `{"s":0,"qualification_data":{"telefone":5511988887777123}} Ok.`,
			message: "Ok.",
			json:    `{"s":0,"qualification_data":{"telefone":5511988887777123}}`,
		},
		{
			name:    "json fence closed after the object",
			raw:     "```json\n{\"s\":0,\"qualification_data\":{}}\n```\nOlá!",
			message: "Olá!",
			json:    `{"s":0,"qualification_data":{}}`,
		},
		{
			name:    "bare fence around the whole answer",
			raw:     "```\n{\"s\":0,\"qualification_data\":{}}\nOlá!\n```",
			message: "Olá!",
			json:    `{"s":0,"qualification_data":{}}`,
		},
		{
			name:    "fence on the object line",
			raw:     "```json{\"s\":0,\"qualification_data\":{}}``` Olá!",
			message: "Olá!",
			json:    `{"s":0,"qualification_data":{}}`,
		},
		{
			name:    "fences in the text of an unfenced answer are kept",
			raw:     "{\"s\":0,\"qualification_data\":{}} Use ```code```",
			message: "Use ```code```",
			json:    `{"s":0,"qualification_data":{}}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := agent.Parse(tt.raw)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if got.S != tt.s {
				t.Errorf("S = %d, want %d", got.S, tt.s)
			}
			if got.Message != tt.message {
				t.Errorf("Message = %q, want %q", got.Message, tt.message)
			}
			if g, w := roundTrip(t, got.JSONPart), roundTrip(t, decode(t, tt.json)); !reflect.DeepEqual(g, w) {
				t.Errorf("JSONPart = %v, want %v", g, w)
			}
			if got.QualificationData() == nil {
				t.Error("QualificationData() is nil")
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		raw  string
		want error
	}{
		{"empty", "", agent.ErrNoJSON},
		{"blank", " \n ", agent.ErrNoJSON},
		{"text first", `Olá! {"s":0,"qualification_data":{}}`, agent.ErrNoJSON},
		{"array", `[{"s":0}] Olá`, agent.ErrNoJSON},
		{"unclosed object", `{"s":0,"qualification_data":{"a":"}"} Olá`, agent.ErrNoJSON},
		{"unterminated string", `{"s":0,"qualification_data":{"a":"x}} Olá`, agent.ErrNoJSON},
		{"single quotes", `{'s':0} Olá`, agent.ErrNoJSON},
		{"fence only", "```json", agent.ErrNoJSON},
		{"s missing", `{"qualification_data":{}} Olá`, agent.ErrBadAction},
		{"s as string", `{"s":"1","qualification_data":{}} Olá`, agent.ErrBadAction},
		{"s fractional", `{"s":1.5,"qualification_data":{}} Olá`, agent.ErrBadAction},
		{"s null", `{"s":null,"qualification_data":{}} Olá`, agent.ErrBadAction},
		{"s boolean", `{"s":true,"qualification_data":{}} Olá`, agent.ErrBadAction},
		{"s huge", `{"s":1e300,"qualification_data":{}} Olá`, agent.ErrBadAction},
		{"qualification_data string", `{"s":0,"qualification_data":"tema=varejo"} Olá`, agent.ErrBadQualificationData},
		{"qualification_data array", `{"s":0,"qualification_data":[]} Olá`, agent.ErrBadQualificationData},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := agent.Parse(tt.raw)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Parse error = %v, want %v", err, tt.want)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name         string
		raw          string
		requiresText bool
		want         error
	}{
		{"text present", `{"s":0,"qualification_data":{}} Olá`, true, nil},
		{"text missing", `{"s":0,"qualification_data":{}}`, true, agent.ErrNoMessage},
		{"blank text", "{\"s\":1,\"qualification_data\":{}} \n ", true, agent.ErrNoMessage},
		{"knowledge request needs none", `{"s":5,"packages":["p1"],"qualification_data":{}}`, false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := agent.Parse(tt.raw)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			if p.RequiresText() != tt.requiresText {
				t.Errorf("RequiresText() = %v, want %v", p.RequiresText(), tt.requiresText)
			}
			if err := p.Validate(); !errors.Is(err, tt.want) {
				t.Errorf("Validate() = %v, want %v", err, tt.want)
			}
		})
	}
}

func TestParsedLLMResponseJSON(t *testing.T) {
	p, err := agent.Parse(`{"s":1,"qualification_data":{"tema":"varejo"}} Ótimo!`)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"s":1,"json_part":{"qualification_data":{"tema":"varejo"},"s":1},"message":"Ótimo!"}`
	if string(b) != want {
		t.Errorf("json = %s, want %s", b, want)
	}
}

func decode(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatalf("bad test JSON %s: %v", s, err)
	}
	return m
}

// roundTrip normalizes a decoded object (json.Number or float64 numbers) to
// compare it by value.
func roundTrip(t *testing.T, m map[string]any) map[string]any {
	t.Helper()
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return decode(t, string(b))
}

func TestParseKeepsNumberDigits(t *testing.T) {
	p, err := agent.Parse(`{"s":0,"qualification_data":{"telefone":5511988887777123}} Ok.`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.QualificationData()["telefone"], json.Number("5511988887777123"); got != want {
		t.Errorf("telefone = %#v, want %#v", got, want)
	}
}
