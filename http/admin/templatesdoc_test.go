package admin_test

import (
	"errors"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/intake-runtime/intake/http/admin"
	"github.com/intake-runtime/intake/http/atendimento"
	"github.com/intake-runtime/intake/persistence"
	"github.com/intake-runtime/intake/persistence/memory"
	"github.com/intake-runtime/intake/settings"
)

// The templates are a setting seeded by MESSAGING_TEMPLATES: a saved list
// is the console's list at once, a list the variable would refuse is
// refused with its reason, and a node started later applies the saved one.
func TestTemplatesDocumentIsTheConsolesList(t *testing.T) {
	table := memory.New()
	seed := []atendimento.Template{{Name: "retomar_contato", Language: "pt_BR", Body: "Olá {{1}}"}}
	node := func() (*settings.Live, *atendimento.TemplateList) {
		list := atendimento.NewTemplateList(seed)
		live := settings.New(persistence.NewVersions(table), func() time.Time { return now }, zap.NewNop())
		admin.RegisterTemplates(live, list)
		if err := live.Load(t.Context()); err != nil {
			t.Fatal(err)
		}
		return live, list
	}
	live, list := node()
	if got := list.List(); len(got) != 1 || got[0] != seed[0] {
		t.Fatalf("before any edit the list is %+v, want the seed", got)
	}

	for text, reason := range map[string]string{
		`[{"name":"a"}]`: "every template needs a name and a language (e.g. pt_BR)",
		`[{"name":"a","language":"pt_BR"},{"name":"a","language":"pt_BR"}]`: "lists a/pt_BR twice",
	} {
		_, err := live.Save(t.Context(), admin.TemplatesDoc, text, "api")
		var refused *settings.Refused
		if !errors.As(err, &refused) || refused.Error() != reason {
			t.Errorf("Save(%s) = %v, want refused: %s", text, err, reason)
		}
	}

	added := []atendimento.Template{seed[0], {Name: "proposta_pronta", Language: "pt_BR", Body: "Sua proposta está pronta, {{1}}."}}
	if _, err := live.Save(t.Context(), admin.TemplatesDoc, atendimento.FormatTemplates(added), "api"); err != nil {
		t.Fatal(err)
	}
	if got := list.List(); len(got) != 2 || got[1] != added[1] {
		t.Errorf("after the save the console offers %+v", got)
	}
	if _, later := node(); len(later.List()) != 2 {
		t.Errorf("a node started later offers %+v", later.List())
	}
}
