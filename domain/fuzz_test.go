package domain_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/intake-runtime/intake/domain"
)

// Any operational_summary JSON that decodes must encode and decode to the
// same summary: objects, legacy strings and null alike.
func FuzzSummaryJSON(f *testing.F) {
	for _, seed := range []string{
		`null`, `"texto"`, `{"resumo_texto":"r","pontos_chave":["a"]}`, `{"dados_coletados":{"n":1}}`, `[1]`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var s domain.Summary
		if json.Unmarshal(data, &s) != nil {
			return
		}
		out, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("marshal %#v: %v", s, err)
		}
		var back domain.Summary
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatalf("unmarshal %s: %v", out, err)
		}
		if !reflect.DeepEqual(back, s) {
			t.Fatalf("%s → %#v → %s → %#v", data, s, out, back)
		}
	})
}
