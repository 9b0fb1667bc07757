package domain_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/domain"
)

// What a label is: trimmed, spaces collapsed, unique in any case, bounded in
// length and in number.
func TestAddLabel(t *testing.T) {
	ten := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}
	cases := []struct {
		name   string
		labels []string
		add    string
		want   []string
		err    error
	}{
		{"trimmed", nil, "  urgente ", []string{"urgente"}, nil},
		{"spaces collapsed", nil, "retorno \t  amanhã", []string{"retorno amanhã"}, nil},
		{"appended in order", []string{"urgente"}, "vip", []string{"urgente", "vip"}, nil},
		{"same label in another case kept once, first form", []string{"Urgente"}, "URGENTE", []string{"Urgente"}, nil},
		{"accents are letters, not case", []string{"retorno amanha"}, "retorno amanhã", []string{"retorno amanha", "retorno amanhã"}, nil},
		{"empty", nil, "   ", nil, domain.ErrLabelEmpty},
		{"30 characters fit", nil, strings.Repeat("é", 30), []string{strings.Repeat("é", 30)}, nil},
		{"31 characters are too long", nil, strings.Repeat("é", 31), nil, domain.ErrLabelTooLong},
		{"an eleventh label is one too many", ten, "k", ten, domain.ErrTooManyLabels},
		{"an existing label is no eleventh", ten, "J", ten, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := domain.AddLabel(c.labels, c.add)
			if !errors.Is(err, c.err) {
				t.Fatalf("error = %v, want %v", err, c.err)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("labels = %q, want %q", got, c.want)
			}
		})
	}
}

func TestRemoveLabel(t *testing.T) {
	labels := []string{"Urgente", "retorno amanhã"}
	cases := []struct {
		remove string
		want   []string
	}{
		{"urgente", []string{"retorno amanhã"}},
		{" RETORNO   amanhã ", []string{"Urgente"}},
		{"vip", labels},
	}
	for _, c := range cases {
		if got := domain.RemoveLabel(labels, c.remove); !slices.Equal(got, c.want) {
			t.Errorf("remove %q = %q, want %q", c.remove, got, c.want)
		}
	}
	if !slices.Equal(labels, []string{"Urgente", "retorno amanhã"}) {
		t.Errorf("RemoveLabel changed its argument: %q", labels)
	}
}

func TestLabelKey(t *testing.T) {
	if a, b := domain.LabelKey(" Retorno  Amanhã"), domain.LabelKey("retorno amanhã"); a != b {
		t.Errorf("keys %q and %q differ", a, b)
	}
}
