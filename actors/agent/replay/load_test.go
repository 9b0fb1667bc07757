package replay_test

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/intake-runtime/intake/actors/agent/replay"
)

func TestLoadFile(t *testing.T) {
	tests := []struct {
		file string
		want []string
	}{
		{
			file: "answers.yaml",
			want: []string{
				`{"s":0,"qualification_data":{}} Olá! Como posso ajudar?`,
				`{"s":5,"packages":["pesquisa-varejo"],"qualification_data":{}}`,
				"{\"s\":1,\"service\":\"Pesquisa de mercado\",\"qualification_data\":{\"tema\":\"varejo\"}}\nÓtimo! Qual é o seu nome completo?",
			},
		},
		{
			file: "fixture.yaml",
			want: []string{
				`{"s":5,"packages":["pesquisa-varejo"],"qualification_data":{}}`,
				`{"s":1,"service":"Pesquisa de mercado","segment":"pesquisa","intent":"contratar","qualification_data":{"tema":"varejo"}} Ótimo! Qual é o seu nome completo?`,
				`{"s":0,"qualification_data":{}} Obrigado, Ana! Qual é o seu CPF?`,
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			got, err := replay.LoadFile(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("LoadFile =\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

func TestLoadFileErrors(t *testing.T) {
	tests := []struct {
		file string
		want string
	}{
		{"missing.yaml", "no such file"},
		{"empty.yaml", "empty"},
		{"invalid.yaml", "yaml"},
		{"no_answers.yaml", "no model answers"},
		{"scalar.yaml", "want a list of answers or a fixture"},
		{"nested_list.yaml", "must hold strings"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			path := filepath.Join("testdata", tt.file)
			_, err := replay.LoadFile(path)
			if err == nil {
				t.Fatal("LoadFile succeeded")
			}
			if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q should name %s and say %q", err, path, tt.want)
			}
		})
	}
}

func TestLoadFileReadsEveryFixtureOfTheLibrary(t *testing.T) {
	paths, err := filepath.Glob("../../../fixtures/conversations/*.yaml")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures found: %v", err)
	}
	for _, path := range paths {
		if _, err := replay.LoadFile(path); err != nil {
			t.Errorf("%s: %v", path, err)
		}
	}
}
