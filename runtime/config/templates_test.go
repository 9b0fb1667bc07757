package config_test

import (
	"testing"

	"github.com/intake-runtime/intake/runtime/config"
)

// MESSAGING_TEMPLATES is a JSON array of named templates in a language;
// anything else is refused with the reason.
func TestParseTemplates(t *testing.T) {
	list, err := config.ParseTemplates(`[{"name":"retomar","language":"pt_BR","body":"Olá {{1}}"},{"name":"retomar","language":"en_US","body":"Hi {{1}}"}]`)
	if err != nil || len(list) != 2 || list[0] != (config.MessagingTemplate{Name: "retomar", Language: "pt_BR", Body: "Olá {{1}}"}) {
		t.Fatalf("ParseTemplates = %+v, %v", list, err)
	}
	for _, bad := range []string{
		`retomar:pt_BR`,
		`[{"name":"retomar"}]`,
		`[{"name":"retomar","language":"pt_BR","params":2}]`,
		`[{"name":"a","language":"pt_BR"},{"name":"a","language":"pt_BR"}]`,
	} {
		if _, err := config.ParseTemplates(bad); err == nil {
			t.Errorf("ParseTemplates(%s) accepted", bad)
		}
	}
}
